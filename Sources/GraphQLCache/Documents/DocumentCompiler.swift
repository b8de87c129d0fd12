import GraphQL

/// Turns a parsed document into plans: fragment spreads inlined as type cases, argument values
/// converted, schema types and field policies attached.
///
/// Inlining is where a small document can ask for unbounded work (a fragment that spreads the
/// next one twice, 24 levels down, is 16 million selections; a chain of 4,000 fragments nests
/// 4,000 levels), so the compiler counts selections and nesting against `CacheLimits` as it goes.
struct DocumentCompiler {
    let schema: CacheSchema?
    let fragments: [String: FragmentDefinition]
    let limits: CacheLimits
    /// Fields and type cases compiled so far.
    private(set) var selectionCount = 0

    init(schema: CacheSchema?, document: Document, limits: CacheLimits = CacheLimits()) throws(GraphQLCacheError) {
        self.schema = schema
        self.limits = limits
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions {
            if fragments[fragment.name.value] != nil {
                throw .invalidDocument(message: "There can be only one fragment named \"\(fragment.name.value)\".",
                                       locations: Self.locations(fragment.loc))
            }
            fragments[fragment.name.value] = fragment
        }
        self.fragments = fragments
    }

    static func locations(_ loc: Location?) -> [DocumentLocation] {
        guard let token = loc?.startToken else { return [] }
        return [DocumentLocation(line: token.line, column: token.column)]
    }

    /// Compiles a selection set whose parent type is `parentType` (nil without a schema);
    /// `depth` counts the selection sets around it, fragments inlined.
    mutating func compile(_ selectionSet: SelectionSet, parentType: String?, spreading: [String] = [],
                          depth: Int = 1) throws(GraphQLCacheError) -> SelectionSetPlan {
        if depth > limits.maximumNestingDepth {
            throw .invalidDocument(
                message: "Selections nest deeper than \(limits.maximumNestingDepth) levels once fragments are inlined "
                    + "(\(CacheLimits.Name.maximumNestingDepth.raiseHint)).",
                locations: Self.locations(selectionSet.loc))
        }
        var items: [SelectionItem] = []
        for selection in selectionSet.selections {
            try countSelection(selection)
            switch selection {
            case let field as Field:
                items.append(.field(try compile(field, parentType: parentType, spreading: spreading, depth: depth)))
            case let inline as InlineFragment:
                let condition = inline.typeCondition?.name.value
                let inner = try compile(inline.selectionSet, parentType: condition ?? parentType, spreading: spreading, depth: depth + 1)
                items.append(.typeCase(condition: effectiveCondition(condition, parentType), inclusion: try inclusion(inline.directives),
                                       deferral: try deferral(inline.directives), inner))
            case let spread as FragmentSpread:
                items.append(try compile(spread, parentType: parentType, spreading: spreading, depth: depth))
            default:
                break
            }
        }
        return SelectionSetPlan(items: items)
    }

    /// Counts one field or type case against `maximumSelections`.
    private mutating func countSelection(_ selection: any Selection) throws(GraphQLCacheError) {
        selectionCount += 1
        guard selectionCount > limits.maximumSelections else { return }
        throw .invalidDocument(
            message: "The document expands to more than \(limits.maximumSelections) selections once fragment spreads "
                + "are inlined (\(CacheLimits.Name.maximumSelections.raiseHint)).",
            locations: Self.locations(selection.loc))
    }

    /// A fragment spread, inlined as a type case.
    private mutating func compile(_ spread: FragmentSpread, parentType: String?, spreading: [String],
                                  depth: Int) throws(GraphQLCacheError) -> SelectionItem {
        let name = spread.name.value
        guard let fragment = fragments[name] else {
            throw .invalidDocument(message: "Unknown fragment \"\(name)\".", locations: Self.locations(spread.loc))
        }
        if spreading.contains(name) {
            throw .invalidDocument(message: "Cannot spread fragment \"\(name)\" within itself.", locations: Self.locations(spread.loc))
        }
        let condition = fragment.typeCondition.name.value
        let inner = try compile(fragment.selectionSet, parentType: condition, spreading: spreading + [name], depth: depth + 1)
        return .typeCase(condition: effectiveCondition(condition, parentType), inclusion: try inclusion(spread.directives),
                         deferral: try deferral(spread.directives), inner)
    }

    /// A type condition that every object of the parent type meets needs no check at run time.
    private func effectiveCondition(_ condition: String?, _ parentType: String?) -> String? {
        guard let condition, let parentType else { return condition }
        if condition == parentType { return nil }
        if let schema, schema.isObjectType(parentType), schema.matches(typename: parentType, condition: condition) { return nil }
        return condition
    }

    private mutating func compile(_ field: Field, parentType: String?, spreading: [String],
                                  depth: Int) throws(GraphQLCacheError) -> FieldPlan {
        let name = field.name.value
        let schemaField = parentType.flatMap { schema?.field(name, on: $0) }
        var arguments: [(name: String, value: ArgumentValue)] = []
        for argument in field.arguments {
            arguments.append((argument.name.value, try Self.argumentValue(argument.value)))
        }
        arguments.sort { $0.name < $1.name }
        let childType = schemaField?.type.namedType
        var selectionSet: SelectionSetPlan?
        if let set = field.selectionSet {
            selectionSet = try compile(set, parentType: childType, spreading: spreading, depth: depth + 1)
        }
        let policy = parentType.flatMap { schema?.fieldPolicies[$0]?[name] }
        return FieldPlan(responseName: field.alias?.value ?? name, name: name, arguments: arguments,
                         inclusion: try inclusion(field.directives), selectionSet: selectionSet,
                         type: schemaField?.type, fieldPolicy: policy)
    }

    private func inclusion(_ directives: [Directive]) throws(GraphQLCacheError) -> [InclusionCondition] {
        var conditions: [InclusionCondition] = []
        for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
            let include = directive.name.value == "include"
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else {
                throw .invalidDocument(message: "Directive \"@\(directive.name.value)\" needs argument \"if\".",
                                       locations: Self.locations(directive.loc))
            }
            switch argument.value {
            case let literal as BooleanValue: conditions.append(InclusionCondition(value: .literal(literal.value), include: include))
            case let variable as Variable: conditions.append(InclusionCondition(value: .variable(variable.name.value), include: include))
            default:
                throw .invalidDocument(message: "Argument \"if\" of \"@\(directive.name.value)\" must be a Boolean or a variable.",
                                       locations: Self.locations(argument.loc))
            }
        }
        return conditions
    }

    /// The `@defer(label:, if:)` of a fragment, if it has one.
    private func deferral(_ directives: [Directive]) throws(GraphQLCacheError) -> Deferral? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        var label: String?
        var condition = InclusionCondition(value: .literal(true), include: true)
        for argument in directive.arguments {
            switch (argument.name.value, argument.value) {
            case ("label", let value as StringValue): label = value.value
            case ("if", let value as BooleanValue): condition = InclusionCondition(value: .literal(value.value), include: true)
            case ("if", let value as Variable): condition = InclusionCondition(value: .variable(value.name.value), include: true)
            case ("label", _):
                throw .invalidDocument(message: "Argument \"label\" of \"@defer\" must be a string.",
                                       locations: Self.locations(argument.loc))
            case ("if", _):
                throw .invalidDocument(message: "Argument \"if\" of \"@defer\" must be a Boolean or a variable.",
                                       locations: Self.locations(argument.loc))
            default:
                throw .invalidDocument(message: "Unknown argument \"\(argument.name.value)\" on directive \"@defer\".",
                                       locations: Self.locations(argument.loc))
            }
        }
        return Deferral(label: label, condition: condition)
    }

    /// An AST value as an argument value.
    static func argumentValue(_ value: any Value) throws(GraphQLCacheError) -> ArgumentValue {
        switch value {
        case let variable as Variable: return .variable(variable.name.value)
        case let list as ListValue:
            var items: [ArgumentValue] = []
            for item in list.values { items.append(try argumentValue(item)) }
            return .list(items)
        case let object as ObjectValue:
            var members: [(String, ArgumentValue)] = []
            for field in object.fields { members.append((field.name.value, try argumentValue(field.value))) }
            return .object(members)
        default:
            return .literal(try literal(value))
        }
    }

    /// A constant AST value as JSON (enums as strings).
    static func literal(_ value: any Value) throws(GraphQLCacheError) -> JSONValue {
        switch value {
        case let int as IntValue:
            guard let parsed = Int(int.value) else {
                throw .invalidDocument(message: "Int \(int.value) is out of range.", locations: locations(int.loc))
            }
            return .int(parsed)
        case let float as FloatValue: return .double(Double(float.value) ?? .nan)
        case let string as StringValue: return .string(string.value)
        case let boolean as BooleanValue: return .bool(boolean.value)
        case let enumeration as EnumValue: return .string(enumeration.value)
        case is NullValue: return .null
        case let list as ListValue:
            var items: [JSONValue] = []
            for item in list.values { items.append(try literal(item)) }
            return .array(items)
        case let object as ObjectValue:
            var members: [(String, JSONValue)] = []
            for field in object.fields { members.append((field.name.value, try literal(field.value))) }
            return .object(JSONObject(members))
        default:
            throw .invalidDocument(message: "A variable is not allowed here.", locations: locations(value.loc))
        }
    }
}
