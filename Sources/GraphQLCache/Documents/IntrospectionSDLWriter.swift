/// Writes an introspection result's `__schema` as SDL text, one definition a line. Every name
/// is checked to be a GraphQL name before it goes into the text, so a result cannot make the
/// SDL say something else than it reports; default values are GraphQL literals already, as the
/// spec has servers print them, and are parsed with the rest when the schema loads.
struct IntrospectionSDLWriter {
    private(set) var text = ""
    private(set) var typeCount = 0

    /// Scalars and directives every schema has; declaring them again is an error.
    private static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
    private static let builtInDirectives: Set<String> = ["include", "skip", "deprecated", "specifiedBy", "oneOf",
                                                         "typePolicy", "fieldPolicy"]

    mutating func write(_ schema: JSONObject) throws(GraphQLCacheError) {
        guard case .array(let types)? = schema["types"] else {
            throw .invalidSchema("the introspection result's __schema has no types list")
        }
        for (index, type) in types.enumerated() {
            guard case .object(let object) = type else { throw Self.problem("types[\(index)] is not an object") }
            try writeType(object, at: "types[\(index)]")
        }
        try writeRoots(schema)
        if case .array(let directives)? = schema["directives"] {
            for (index, directive) in directives.enumerated() {
                guard case .object(let object) = directive else { throw Self.problem("directives[\(index)] is not an object") }
                try writeDirective(object, at: "directives[\(index)]")
            }
        }
    }

    private mutating func writeType(_ type: JSONObject, at place: String) throws(GraphQLCacheError) {
        let name = try Self.name(.object(type), at: place)
        guard !name.hasPrefix("__") else { return }
        typeCount += 1
        guard !Self.builtInScalars.contains(name) else { return }
        let described = "\(place) (\(name))"
        switch type["kind"]?.stringValue {
        case "SCALAR": line("scalar \(name)")
        case "OBJECT": line("type \(name)\(try implements(type, at: described)) { \(try fields(type, at: described)) }")
        case "INTERFACE": line("interface \(name)\(try implements(type, at: described)) { \(try fields(type, at: described)) }")
        case "UNION":
            let members = try Self.list(type["possibleTypes"], at: described + ".possibleTypes").enumerated()
                .map { (index, member) throws(GraphQLCacheError) in try Self.name(member, at: "\(described).possibleTypes[\(index)]") }
            line("union \(name) = " + members.joined(separator: " | "))
        case "ENUM":
            let values = try Self.list(type["enumValues"], at: described + ".enumValues").enumerated()
                .map { (index, value) throws(GraphQLCacheError) in try Self.name(value, at: "\(described).enumValues[\(index)]") }
            line("enum \(name) { " + values.joined(separator: " ") + " }")
        case "INPUT_OBJECT":
            line("input \(name) { " + (try inputValues(type["inputFields"], at: described + ".inputFields")) + " }")
        case let kind:
            throw Self.problem("\(described) has kind \(kind.map { "\"\($0)\"" } ?? "null"), not one of SCALAR, OBJECT, INTERFACE, UNION, ENUM, INPUT_OBJECT")
        }
    }

    private func implements(_ type: JSONObject, at place: String) throws(GraphQLCacheError) -> String {
        guard let value = type["interfaces"], !value.isNull else { return "" }
        let names = try Self.list(value, at: place + ".interfaces").enumerated()
            .map { (index, item) throws(GraphQLCacheError) in try Self.name(item, at: "\(place).interfaces[\(index)]") }
        return names.isEmpty ? "" : " implements " + names.joined(separator: " & ")
    }

    private func fields(_ type: JSONObject, at place: String) throws(GraphQLCacheError) -> String {
        var parts: [String] = []
        for (index, field) in try Self.list(type["fields"], at: place + ".fields").enumerated() {
            let at = "\(place).fields[\(index)]"
            guard case .object(let object) = field else { throw Self.problem("\(at) is not an object") }
            let arguments = try inputValues(object["args"], at: at + ".args")
            parts.append(try Self.name(field, at: at) + (arguments.isEmpty ? "" : "(\(arguments))")
                + ": " + (try Self.typeRef(object["type"], at: at + ".type")))
        }
        return parts.joined(separator: " ")
    }

    /// Arguments or input fields: `name: Type = default`, space-separated.
    private func inputValues(_ value: JSONValue?, at place: String) throws(GraphQLCacheError) -> String {
        guard let value, !value.isNull else { return "" }
        var parts: [String] = []
        for (index, input) in try Self.list(value, at: place).enumerated() {
            let at = "\(place)[\(index)]"
            guard case .object(let object) = input else { throw Self.problem("\(at) is not an object") }
            var text = try Self.name(input, at: at) + ": " + (try Self.typeRef(object["type"], at: at + ".type"))
            if let defaultValue = object["defaultValue"]?.stringValue { text += " = " + defaultValue }
            parts.append(text)
        }
        return parts.joined(separator: " ")
    }

    private mutating func writeRoots(_ schema: JSONObject) throws(GraphQLCacheError) {
        var roots: [String] = []
        for operation in ["query", "mutation", "subscription"] {
            guard let root = schema[operation + "Type"], !root.isNull else { continue }
            roots.append("\(operation): " + (try Self.name(root, at: operation + "Type")))
        }
        guard !roots.isEmpty else { throw Self.problem("__schema has no queryType") }
        line("schema { " + roots.joined(separator: " ") + " }")
    }

    private mutating func writeDirective(_ directive: JSONObject, at place: String) throws(GraphQLCacheError) {
        let name = try Self.name(.object(directive), at: place)
        guard !Self.builtInDirectives.contains(name) else { return }
        let locations = try Self.list(directive["locations"], at: place + ".locations").map { location throws(GraphQLCacheError) in
            guard let text = location.stringValue, GraphQLName.isName(text) else { throw Self.problem("\(place) (@\(name)) has a location that is not a name") }
            return text
        }
        let arguments = try inputValues(directive["args"], at: "\(place) (@\(name)).args")
        line("directive @\(name)" + (arguments.isEmpty ? "" : "(\(arguments))") + " on " + locations.joined(separator: " | "))
    }

    private mutating func line(_ definition: String) { text += definition + "\n" }

    /// A type reference: `Name`, `[T]`, `T!`, nested as deep as the result nests them.
    private static func typeRef(_ value: JSONValue?, at place: String, depth: Int = 0) throws(GraphQLCacheError) -> String {
        guard depth < 32, case .object(let object)? = value else { throw problem("\(place) is not a type reference") }
        switch object["kind"]?.stringValue {
        case "NON_NULL": return try typeRef(object["ofType"], at: place + ".ofType", depth: depth + 1) + "!"
        case "LIST": return "[" + (try typeRef(object["ofType"], at: place + ".ofType", depth: depth + 1)) + "]"
        default: return try name(.object(object), at: place)
        }
    }

    private static func list(_ value: JSONValue?, at place: String) throws(GraphQLCacheError) -> [JSONValue] {
        guard case .array(let items)? = value else { throw problem("\(place) is not a list") }
        return items
    }

    /// The `name` member of an object, checked to be a GraphQL name.
    private static func name(_ value: JSONValue, at place: String) throws(GraphQLCacheError) -> String {
        guard let name = value["name"]?.stringValue else { throw problem("\(place) has no name") }
        guard GraphQLName.isName(name) else { throw problem("\(place) has the name \"\(TerminalText.escaped(name))\", which is not a GraphQL name") }
        return name
    }

    private static func problem(_ message: String) -> GraphQLCacheError {
        .invalidSchema("introspection result: " + message)
    }
}
