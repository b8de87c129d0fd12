/// A compiled selection set: the document's fields and type cases, fragment spreads inlined,
/// ready to walk over data or records without going back to GraphQL's AST.
final class SelectionSetPlan: Sendable {
    let items: [SelectionItem]
    /// Per item: a type case that clashes with a sibling, so applies only to its exact type
    /// (`TypeCaseClash`). Worked out once, when the document is compiled.
    private let exclusive: [Bool]

    init(items: [SelectionItem]) {
        self.items = items
        self.exclusive = TypeCaseClash.exclusiveFlags(items)
    }

    /// Whether item `index` is a type case that must name the object's exact type.
    func isExclusive(_ index: Int) -> Bool { exclusive[index] }

    /// Whether an `@defer` that holds with `variables` is anywhere inside: only then can data
    /// that normalized without error still lack selected fields (a fragment not yet delivered).
    func defersFragments(_ variables: JSONObject) -> Bool {
        items.contains { item in
            switch item {
            case .field(let field): field.selectionSet?.defersFragments(variables) ?? false
            case .typeCase(_, _, let deferral, let inner):
                deferral?.isActive(variables) == true || inner.defersFragments(variables)
            }
        }
    }
}

/// One entry of a selection set.
enum SelectionItem: Sendable {
    case field(FieldPlan)
    /// An inline fragment or a fragment spread: applies when the type condition matches
    /// (nil: always) and the `@include`/`@skip` conditions hold; `deferral` is its `@defer`.
    case typeCase(condition: String?, inclusion: [InclusionCondition], deferral: Deferral?, SelectionSetPlan)
}

/// `@defer(label:, if:)` on an inline fragment or a fragment spread: the fragment's data may
/// come later than the rest, so a read without it is pending, not a miss, and a write without
/// it leaves its fields alone.
struct Deferral: Sendable {
    let label: String?
    /// `if:` (true when absent): `@defer(if: false)` is no deferral at all.
    let condition: InclusionCondition

    func isActive(_ variables: JSONObject) -> Bool { condition.holds(variables) }
}

/// `@include(if:)` / `@skip(if:)` on a selection.
struct InclusionCondition: Sendable {
    enum Value: Sendable { case literal(Bool), variable(String) }
    let value: Value
    /// True for `@include`, false for `@skip`.
    let include: Bool

    func holds(_ variables: JSONObject) -> Bool {
        let flag: Bool
        switch value {
        case .literal(let literal): flag = literal
        case .variable(let name):
            if case .bool(let bound)? = variables[name] { flag = bound } else { flag = false }
        }
        return flag == include
    }
}

/// A field selection with what normalizing and reading need.
final class FieldPlan: Sendable {
    let responseName: String
    let name: String
    /// Arguments sorted by name.
    let arguments: [(name: String, value: ArgumentValue)]
    /// The field key when it does not depend on variables.
    let constantKey: String?
    let inclusion: [InclusionCondition]
    let selectionSet: SelectionSetPlan?
    /// The schema's type for the field, when there is a schema.
    let type: SchemaTypeRef?
    /// The `@fieldPolicy` of the field on its parent type, if any.
    let fieldPolicy: FieldPolicy?

    init(responseName: String, name: String, arguments: [(name: String, value: ArgumentValue)],
         inclusion: [InclusionCondition], selectionSet: SelectionSetPlan?, type: SchemaTypeRef?,
         fieldPolicy: FieldPolicy?) {
        self.responseName = responseName
        self.name = name
        self.arguments = arguments
        self.inclusion = inclusion
        self.selectionSet = selectionSet
        self.type = type
        self.fieldPolicy = fieldPolicy
        self.constantKey = arguments.contains(where: { $0.value.usesVariables })
            ? nil : FieldKeyFormatter.key(name: name, arguments: arguments, variables: [:])
    }

    /// The field key for these variables: `name` or `name(a:1,b:JEDI)`.
    func fieldKey(_ variables: JSONObject) -> String {
        constantKey ?? FieldKeyFormatter.key(name: name, arguments: arguments, variables: variables)
    }

    /// Whether the schema says the field is non-null (false without a schema).
    var isNonNull: Bool { type?.isNonNull ?? false }
}

/// An argument value from the document: a literal or a variable, nested in lists and objects.
indirect enum ArgumentValue: Sendable {
    case literal(JSONValue)
    case variable(String)
    case list([ArgumentValue])
    case object([(String, ArgumentValue)])

    var usesVariables: Bool {
        switch self {
        case .literal: return false
        case .variable: return true
        case .list(let items): return items.contains(where: \.usesVariables)
        case .object(let members): return members.contains(where: { $0.1.usesVariables })
        }
    }

    /// The value with variables substituted; nil when it is an omitted variable, which drops
    /// the argument (or the list element, or the object member), as Apollo iOS does.
    func evaluate(_ variables: JSONObject) -> JSONValue? {
        switch self {
        case .literal(let value): return value
        case .variable(let name): return variables[name]
        case .list(let items): return .array(items.compactMap { $0.evaluate(variables) })
        case .object(let members):
            return .object(JSONObject(members.compactMap { member in member.1.evaluate(variables).map { (member.0, $0) } }))
        }
    }
}
