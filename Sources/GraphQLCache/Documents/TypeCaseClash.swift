/// Which type cases of a selection set must name the object's exact type: those that clash with
/// a sibling type case (one response name, two different fields or arguments, at any depth).
///
/// GraphQL's validation ("fields in set can merge") allows such a clash only between type cases
/// on two different object types, which no object can both be. So a clashing type case applies
/// only when its condition is the object's `__typename` (or, with a schema, one of its
/// supertypes): without a schema it is never guessed by its fields, as Apollo iOS writes only
/// the type case of the object's type. Where it still guesses: a type case that clashes with
/// none (it may be on an interface or a union) applies when the object holds its fields, and an
/// object without `__typename` cannot be placed at all.
enum TypeCaseClash {
    /// One flag per item of `items`: whether it is a type case that clashes with a sibling.
    static func exclusiveFlags(_ items: [SelectionItem]) -> [Bool] {
        let cases: [(Int, String, SelectionSetPlan)] = items.enumerated().compactMap { index, item in
            guard case .typeCase(let condition?, _, _, let inner) = item else { return nil }
            return (index, condition, inner)
        }
        var flags = [Bool](repeating: false, count: items.count)
        guard cases.count > 1 else { return flags }
        for (i, a) in cases.enumerated() {
            for b in cases[(i + 1)...] where a.1 != b.1 && clash(a.2, b.2) {
                flags[a.0] = true
                flags[b.0] = true
            }
        }
        return flags
    }

    /// Whether two selection sets select one response name with different fields or arguments,
    /// here or in the selections below a shared response name.
    static func clash(_ a: SelectionSetPlan, _ b: SelectionSetPlan) -> Bool {
        let fields = unconditionalFields(b)
        for field in unconditionalFields(a).values {
            guard let other = fields[field.responseName] else { continue }
            if signature(field) != signature(other) { return true }
            if let inner = field.selectionSet, let otherInner = other.selectionSet, clash(inner, otherInner) { return true }
        }
        return false
    }

    /// The fields selected whatever the object's type: direct ones and those of type cases
    /// without a condition, by response name.
    private static func unconditionalFields(_ plan: SelectionSetPlan) -> [String: FieldPlan] {
        var fields: [String: FieldPlan] = [:]
        for item in plan.items {
            switch item {
            case .field(let field): fields[field.responseName] = field
            case .typeCase(nil, _, _, let inner): fields.merge(unconditionalFields(inner)) { first, _ in first }
            case .typeCase: continue
            }
        }
        return fields
    }

    /// The field's name and arguments as a document states them.
    private static func signature(_ field: FieldPlan) -> String {
        field.constantKey ?? field.name + "(" + field.arguments.map { "\($0.name):\($0.value)" }.joined(separator: ",") + ")"
    }
}
