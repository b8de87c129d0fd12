import GraphQL

/// Builds a `CacheSchema` from SDL texts: GraphQL's schema for validation, our own type index
/// for the cache, and the policies.
struct SchemaLoader {
    let sdl: [String]
    let limits: CacheLimits
    private var types: [String: SchemaType] = [:]
    private var roots: [OperationType: String] = [:]
    private var typePolicies: [String: [String]] = [:]
    private var fieldPolicies: [String: [String: FieldPolicy]] = [:]
    /// Whether the SDL declares `@defer` itself (an introspected schema of a server that has it).
    private var declaresDefer = false

    init(sdl: [String], limits: CacheLimits = CacheLimits()) {
        self.sdl = sdl
        self.limits = limits
    }

    func load() throws(GraphQLCacheError) -> CacheSchema {
        var loader = self
        let nesting = NestingScan(limit: limits.maximumNestingDepth)
        for (index, text) in sdl.enumerated() {
            if let location = nesting.firstExcess(in: text) {
                throw .invalidSchema("SDL #\(index + 1): nests deeper than \(nesting.limit) levels of braces, brackets "
                    + "or parentheses (at line \(location.line), column \(location.column); "
                    + "\(CacheLimits.Name.maximumNestingDepth.raiseHint))")
            }
            let document: Document
            do { document = try parse(source: text) } catch {
                throw .invalidSchema("SDL #\(index + 1): \(Self.message(error))")
            }
            for definition in document.definitions { try loader.index(definition) }
        }
        let combined: Document
        let declarations = loader.declaresDefer ? CacheSchema.policyDirectives
            : CacheSchema.policyDirectives.dropLast() + " " + CacheSchema.deferDirective + "\n"
        do { combined = try parse(source: declarations + sdl.joined(separator: "\n")) } catch {
            throw .invalidSchema(Self.message(error))
        }
        var defaults = InputDefaultCost(definitions: combined.definitions)
        try defaults.check(arguments: Self.fieldArguments(combined.definitions))
        let schema: GraphQLSchema
        do { schema = try buildASTSchema(documentAST: combined) } catch {
            throw .invalidSchema(Self.message(error))
        }
        // buildASTSchema accepts a schema without a query type, or an input object that needs
        // itself (`input I { i: I! }`, which no value can ever satisfy): the spec's type
        // validation refuses them.
        if let invalid = validateSchema(schema: schema).first {
            throw .invalidSchema(Self.message(invalid))
        }
        try checkPolicies(types: loader.types, typePolicies: loader.typePolicies, fieldPolicies: loader.fieldPolicies)
        let query = loader.roots[.query] ?? (loader.types["Query"] != nil ? "Query" : nil)
        let mutation = loader.roots[.mutation] ?? (loader.types["Mutation"] != nil ? "Mutation" : nil)
        let subscription = loader.roots[.subscription] ?? (loader.types["Subscription"] != nil ? "Subscription" : nil)
        return CacheSchema(sdl: sdl, graphQLSchema: schema, types: loader.types,
                           roots: (query, mutation, subscription), typePolicies: loader.typePolicies,
                           fieldPolicies: loader.fieldPolicies)
    }

    /// The arguments of every object and interface field (their defaults are converted when
    /// the schema is built).
    private static func fieldArguments(_ definitions: [any Definition]) -> [InputValueDefinition] {
        definitions.flatMap { definition -> [InputValueDefinition] in
            let fields: [FieldDefinition]
            switch definition {
            case let object as ObjectTypeDefinition: fields = object.fields
            case let ext as TypeExtensionDefinition: fields = ext.definition.fields
            case let interface as InterfaceTypeDefinition: fields = interface.fields
            case let ext as InterfaceExtensionDefinition: fields = ext.definition.fields
            default: fields = []
            }
            return fields.flatMap(\.arguments)
        }
    }

    static func message(_ error: any Error) -> String {
        guard let error = error as? GraphQLError else { return "\(error)" }
        let at = error.locations.map { "line \($0.line), column \($0.column)" }.joined(separator: "; ")
        return at.isEmpty ? error.message : "\(error.message) (at \(at))"
    }

    private mutating func index(_ definition: any Definition) throws(GraphQLCacheError) {
        switch definition {
        case let object as ObjectTypeDefinition: try addObject(object, kind: .object)
        case let ext as TypeExtensionDefinition: try addObject(ext.definition, kind: .object)
        case let interface as InterfaceTypeDefinition: try addInterface(interface)
        case let ext as InterfaceExtensionDefinition: try addInterface(ext.definition)
        case let union as UnionTypeDefinition: addUnion(union)
        case let ext as UnionExtensionDefinition: addUnion(ext.definition)
        case let scalar as ScalarTypeDefinition: ensure(scalar.name.value, .scalar)
        case let enumeration as EnumTypeDefinition: addEnum(enumeration.name.value, enumeration.values)
        case let ext as EnumExtensionDefinition: addEnum(ext.definition.name.value, ext.definition.values)
        case let input as InputObjectTypeDefinition: addInput(input.name.value, input.fields)
        case let ext as InputObjectExtensionDefinition: addInput(ext.definition.name.value, ext.definition.fields)
        case let schema as SchemaDefinition: addRoots(schema.operationTypes)
        case let directive as DirectiveDefinition: declaresDefer = declaresDefer || directive.name.value == "defer"
        case let ext as SchemaExtensionDefinition: addRoots(ext.definition.operationTypes)
        default: break
        }
    }

    private mutating func ensure(_ name: String, _ kind: SchemaType.Kind) {
        if types[name] == nil { types[name] = SchemaType(name: name, kind: kind) }
    }

    private mutating func addEnum(_ name: String, _ values: [EnumValueDefinition]) {
        ensure(name, .enumeration)
        types[name]?.enumValues.append(contentsOf: values.map(\.name.value))
    }

    private mutating func addInput(_ name: String, _ fields: [InputValueDefinition]) {
        ensure(name, .inputObject)
        for field in fields {
            types[name]?.inputFields[field.name.value] = Self.typeRef(field.type)
            if field.defaultValue != nil { types[name]?.inputDefaults.insert(field.name.value) }
        }
    }

    private mutating func addRoots(_ operationTypes: [OperationTypeDefinition]) {
        for root in operationTypes { roots[root.operation] = root.type.name.value }
    }

    private mutating func addObject(_ object: ObjectTypeDefinition, kind: SchemaType.Kind) throws(GraphQLCacheError) {
        try addFields(name: object.name.value, kind: kind, fields: object.fields,
                      interfaces: object.interfaces, directives: object.directives)
    }

    private mutating func addInterface(_ interface: InterfaceTypeDefinition) throws(GraphQLCacheError) {
        try addFields(name: interface.name.value, kind: .interface, fields: interface.fields,
                      interfaces: interface.interfaces, directives: interface.directives)
    }

    private mutating func addFields(name: String, kind: SchemaType.Kind, fields: [FieldDefinition],
                                    interfaces: [NamedType], directives: [Directive]) throws(GraphQLCacheError) {
        ensure(name, kind)
        for field in fields {
            var arguments: [String: SchemaTypeRef] = [:]
            for argument in field.arguments { arguments[argument.name.value] = Self.typeRef(argument.type) }
            types[name]?.fields[field.name.value] = SchemaField(type: Self.typeRef(field.type), arguments: arguments)
        }
        types[name]?.interfaces.append(contentsOf: interfaces.map(\.name.value))
        for directive in directives { try addPolicy(directive, on: name) }
    }

    private mutating func addUnion(_ union: UnionTypeDefinition) {
        ensure(union.name.value, .union)
        types[union.name.value]?.members.append(contentsOf: union.types.map(\.name.value))
    }

    static func typeRef(_ type: any GraphQL.`Type`) -> SchemaTypeRef {
        switch type {
        case let named as NamedType: return .named(named.name.value)
        case let list as ListType: return .list(typeRef(list.type))
        case let nonNull as NonNullType: return .nonNull(typeRef(nonNull.type))
        default: return .named("")
        }
    }

    private mutating func addPolicy(_ directive: Directive, on typeName: String) throws(GraphQLCacheError) {
        func argument(_ name: String) throws(GraphQLCacheError) -> String {
            guard let value = directive.arguments.first(where: { $0.name.value == name })?.value as? StringValue else {
                throw .invalidSchema("@\(directive.name.value) on \(typeName): argument \"\(name)\" must be a string")
            }
            return value.value
        }
        switch directive.name.value {
        case "typePolicy":
            let keyFields = try argument("keyFields").split(whereSeparator: \.isWhitespace).map(String.init)
            if keyFields.isEmpty { throw .invalidSchema("@typePolicy on \(typeName): keyFields is empty") }
            typePolicies[typeName] = keyFields
        case "fieldPolicy":
            let field = try argument("forField")
            let keyArgs = try argument("keyArgs").split(whereSeparator: \.isWhitespace)
                .map { $0.split(separator: ".").map(String.init) }
            if keyArgs.isEmpty { throw .invalidSchema("@fieldPolicy on \(typeName).\(field): keyArgs is empty") }
            fieldPolicies[typeName, default: [:]][field] = FieldPolicy(keyArgs: keyArgs)
        default: break
        }
    }
}
