import GraphQL

/// What building a schema's input types will cost GraphQL, checked before `buildASTSchema`.
///
/// GraphQL 4.3.0 rebuilds an input object's field map on every `getFields()` call, and each
/// build converts the fields' default values, which builds the field map of every input type
/// an object default names. So `input I { a: I = {a: null} }` recurses until the stack
/// overflows, and a chain of types whose defaults name the next type twice costs 2^N builds.
/// This counts those builds on the SDL's syntax tree (memoised per type, linear in the SDL) and
/// refuses a cycle or a cost over `budget`, naming the type and field.
struct InputDefaultCost {
    /// The most field-map builds one schema may need.
    static let budget = 1_000

    private let inputFields: [String: [InputValueDefinition]]
    private var costs: [String: Int] = [:]
    private var inProgress: Set<String> = []

    init(definitions: [any Definition]) {
        var fields: [String: [InputValueDefinition]] = [:]
        for definition in definitions {
            if let input = definition as? InputObjectTypeDefinition {
                fields[input.name.value, default: []].append(contentsOf: input.fields)
            } else if let input = definition as? InputObjectExtensionDefinition {
                fields[input.definition.name.value, default: []].append(contentsOf: input.definition.fields)
            }
        }
        inputFields = fields
    }

    /// Throws `invalidSchema` for a default value that needs its own type's fields, or for
    /// defaults that would cost more than `budget` builds; `arguments` are the argument
    /// definitions of object and interface fields, whose defaults are converted too.
    mutating func check(arguments: [InputValueDefinition]) throws(GraphQLCacheError) {
        var total = 0
        for name in inputFields.keys.sorted() { total = Self.add(total, try cost(ofType: name)) }
        for argument in arguments {
            if let value = argument.defaultValue { total = Self.add(total, try cost(of: value, type: argument.type)) }
        }
        if total > Self.budget {
            throw .invalidSchema("the default values of input types would need more than \(Self.budget) builds of "
                + "input field maps (defaults that name input types nest too deeply); simplify the defaults")
        }
    }

    private mutating func cost(ofType name: String) throws(GraphQLCacheError) -> Int {
        if let known = costs[name] { return known }
        guard let fields = inputFields[name] else { return 0 }
        if inProgress.contains(name) {
            throw .invalidSchema("input \(name): a default value needs \(name)'s own fields (a cycle through "
                + "default values), which the schema builder cannot finish; remove the object default")
        }
        inProgress.insert(name)
        var total = 1
        for field in fields {
            guard let value = field.defaultValue else { continue }
            do { total = Self.add(total, try cost(of: value, type: field.type)) } catch {
                inProgress.remove(name)
                throw error
            }
        }
        inProgress.remove(name)
        costs[name] = total
        return total
    }

    /// Builds needed to convert `value` to `type`: an object value builds its input type's
    /// fields, then converts its members.
    private mutating func cost(of value: any Value, type: any GraphQL.`Type`) throws(GraphQLCacheError) -> Int {
        let typeRef = SchemaLoader.typeRef(type)
        if let list = value as? ListValue {
            let element = Self.elementType(type) ?? type
            var total = 0
            for item in list.values { total = Self.add(total, try cost(of: item, type: element)) }
            return total
        }
        guard let object = value as? ObjectValue, let fields = inputFields[typeRef.namedType] else { return 0 }
        var total = try cost(ofType: typeRef.namedType)
        for member in object.fields {
            guard let field = fields.first(where: { $0.name.value == member.name.value }) else { continue }
            total = Self.add(total, try cost(of: member.value, type: field.type))
        }
        return total
    }

    private static func elementType(_ type: any GraphQL.`Type`) -> (any GraphQL.`Type`)? {
        if let nonNull = type as? NonNullType { return elementType(nonNull.type) }
        return (type as? ListType)?.type
    }

    /// Saturating addition: costs stop growing once past the budget.
    private static func add(_ a: Int, _ b: Int) -> Int { min(a + b, budget + 1) }
}
