import GraphQL

/// Rebuilds an SDL-built schema so GraphQL's executor can run it: every object type gets an
/// `isTypeOf`, every interface and union a `resolveType`, both from the value's `__typename`, and
/// every field the resolver `resolverFor` gives it.
///
/// Why: `buildSchema` makes types without resolvers or type resolution, and those properties are
/// `let`, so an interface or union field fails at run time ("Could not find a resolve function")
/// unless the composite types are made anew. Scalars, enums and input types are reused as they are.
struct SchemaRebuilder {
    /// The concrete type name of a run-time value, or nil when it has none.
    typealias TypenameOf = @Sendable (any Sendable) -> String?
    /// The resolver of field `field` on type `type`.
    typealias ResolverFor = (_ type: String, _ field: String) -> GraphQLFieldResolve?

    let typenameOf: TypenameOf
    let resolverFor: ResolverFor

    /// The executable copy of `schema`.
    func rebuild(_ schema: GraphQLSchema) throws -> GraphQLSchema {
        let table = Table()
        let named = schema.typeMap.values.filter { !$0.name.hasPrefix("__") }
        for type in named {
            if let object = type as? GraphQLObjectType { table.objects[object.name] = try rebuild(object, in: table) }
            if let interface = type as? GraphQLInterfaceType { table.interfaces[interface.name] = try rebuild(interface, in: table) }
        }
        for case let union as GraphQLUnionType in named {
            table.unions[union.name] = try GraphQLUnionType(
                name: union.name, description: union.description, resolveType: typeResolver(for: union.name),
                types: try union.types().map { try table.object($0.name) })
        }
        let types: [GraphQLNamedType] = try named.map { try table.named($0) }
        return try GraphQLSchema(
            query: try schema.queryType.map { try table.object($0.name) },
            mutation: try schema.mutationType.map { try table.object($0.name) },
            subscription: try schema.subscriptionType.map { try table.object($0.name) },
            types: types, directives: schema.directives)
    }

    private func rebuild(_ object: GraphQLObjectType, in table: Table) throws -> GraphQLObjectType {
        let name = object.name
        let typenameOf = typenameOf
        return try GraphQLObjectType(
            name: name, description: object.description,
            fields: { try fields(try object.fields(), of: name, in: table) },
            interfaces: { try object.interfaces().map { try table.interface($0.name) } },
            isTypeOf: { value, _ in typenameOf(value) == name })
    }

    private func rebuild(_ interface: GraphQLInterfaceType, in table: Table) throws -> GraphQLInterfaceType {
        let name = interface.name
        return try GraphQLInterfaceType(
            name: name, description: interface.description,
            fields: { try fields(try interface.fields(), of: name, in: table) },
            interfaces: { try interface.interfaces().map { try table.interface($0.name) } },
            resolveType: typeResolver(for: name))
    }

    private func typeResolver(for abstractName: String) -> GraphQLTypeResolve {
        let typenameOf = typenameOf
        return { value, _ in
            guard let typename = typenameOf(value) else {
                throw GraphQLError(message: "a \(abstractName) value has no __typename: \(value)")
            }
            return typename
        }
    }

    private func fields(_ fields: GraphQLFieldMap, of typeName: String, in table: Table) throws -> GraphQLFieldMap {
        var rebuilt = GraphQLFieldMap()
        for (name, field) in fields {
            guard let type = try table.map(field.type) as? GraphQLOutputType else {
                throw SampleServerError.notExecutable("\(typeName).\(name) does not have an output type")
            }
            rebuilt[name] = GraphQLField(
                type: type, description: field.description, deprecationReason: field.deprecationReason,
                args: field.args, resolve: resolverFor(typeName, name), astNode: field.astNode)
        }
        return rebuilt
    }

    /// The rebuilt composite types by name; the field and interface thunks read it lazily, so
    /// types may refer to each other in any order.
    private final class Table {
        var objects: [String: GraphQLObjectType] = [:]
        var interfaces: [String: GraphQLInterfaceType] = [:]
        var unions: [String: GraphQLUnionType] = [:]

        func object(_ name: String) throws -> GraphQLObjectType {
            guard let type = objects[name] else { throw SampleServerError.notExecutable("unknown object type \(name)") }
            return type
        }

        func interface(_ name: String) throws -> GraphQLInterfaceType {
            guard let type = interfaces[name] else { throw SampleServerError.notExecutable("unknown interface \(name)") }
            return type
        }

        /// The rebuilt type of that name, or the type itself when it is not composite.
        func named(_ type: GraphQLNamedType) throws -> GraphQLNamedType {
            objects[type.name] ?? interfaces[type.name] ?? unions[type.name] ?? type
        }

        /// `type` with its named type replaced by the rebuilt one, wrappers kept.
        func map(_ type: GraphQLType) throws -> GraphQLType {
            if let nonNull = type as? GraphQLNonNull { return try GraphQLNonNull(try map(nonNull.ofType)) }
            if let list = type as? GraphQLList { return GraphQLList(try map(list.ofType)) }
            if let named = type as? GraphQLNamedType { return try self.named(named) }
            throw SampleServerError.notExecutable("unexpected type \(type)")
        }
    }
}
