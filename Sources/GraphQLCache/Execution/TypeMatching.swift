/// Whether a type case (inline fragment or fragment spread) applies to an object.
///
/// With a schema that knows both types, possible types of interfaces and unions decide. When
/// nothing can place the type (no schema, or a typename or condition the schema does not know)
/// the match is Apollo Client's heuristic: the fragment applies when the object holds every
/// field the fragment selects directly. On server data that is exact (the server already chose
/// the fragment's fields); on a read from the cache it is a guess, which `explain` reports.
enum TypeMatching {
    /// The certain answer: exact typename without a schema; possible types with one.
    static func matches(typename: String?, condition: String?, schema: CacheSchema?) -> Bool {
        guard let condition else { return true }
        guard let typename else { return false }
        if typename == condition { return true }
        return schema?.matches(typename: typename, condition: condition) ?? false
    }

    /// Whether `matches` is the whole answer: the schema knows both the typename and the
    /// condition (and without a schema, only an exact typename is certain).
    static func canPlace(typename: String?, condition: String?, schema: CacheSchema?) -> Bool {
        guard let condition, let typename else { return condition == nil }
        guard let schema else { return false }
        return schema.types[typename] != nil && schema.types[condition] != nil
    }

    /// Whether the object holds every field that `selections` selects directly (those whose
    /// `@include`/`@skip` hold); a selection with no direct field never matches by guess.
    static func holdsFields(of selections: SelectionSetPlan, variables: JSONObject,
                            has: (FieldPlan) -> Bool) -> Bool {
        var fields = 0
        for case .field(let field) in selections.items
        where field.name != "__typename" && field.inclusion.allSatisfy({ $0.holds(variables) }) {
            guard has(field) else { return false }
            fields += 1
        }
        return fields > 0
    }

    /// `matches`, else the heuristic when the type cannot be placed. An `exclusive` type case
    /// (one that clashes with a sibling: `TypeCaseClash`) is on an object type, so an object
    /// with a `__typename` is never guessed into it.
    static func applies(typename: String?, condition: String?, schema: CacheSchema?, exclusive: Bool,
                        _ selections: SelectionSetPlan, variables: JSONObject, has: (FieldPlan) -> Bool) -> Bool {
        if matches(typename: typename, condition: condition, schema: schema) { return true }
        guard !canPlace(typename: typename, condition: condition, schema: schema) else { return false }
        guard !exclusive || typename == nil else { return false }
        return holdsFields(of: selections, variables: variables, has: has)
    }
}
