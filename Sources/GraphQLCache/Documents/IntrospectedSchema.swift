/// A schema asked of a server with the standard introspection query and written back as SDL, so
/// a server with no schema file at hand still validates documents, matches fragments on
/// interfaces and unions by possible types and makes null in a non-null field a miss.
/// (GraphQL 4.3.0 has no `buildClientSchema`; the SDL goes through `CacheSchema.load` as any
/// schema file does, with its checks and limits.)
///
/// Policies (`@typePolicy`, `@fieldPolicy`) are client-side extensions that no server reports:
/// load them from extension files beside it.
public struct IntrospectedSchema: Sendable {
    /// The schema as SDL text: types, the root operation types and the server's own directives.
    public let sdl: String
    /// How many named types the server reported (its introspection types `__*` left out).
    public let typeCount: Int

    /// The standard introspection query, without descriptions (the cache needs none).
    public static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name } mutationType { name } subscriptionType { name }
            types { ...FullType }
            directives { name locations args { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name
          fields(includeDeprecated: true) { name args { ...InputValue } type { ...TypeRef } }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType {
            kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// Builds the SDL from an introspection response's `data` (`{"__schema":{…}}`). A result
    /// that is not one (a missing `__schema`, a type without a name, a name that is not a
    /// GraphQL name) is `invalidSchema`, naming where in the result.
    public init(data: JSONObject) throws(GraphQLCacheError) {
        guard case .object(let schema)? = data["__schema"] else {
            throw .invalidSchema("the introspection result has no __schema object")
        }
        var writer = IntrospectionSDLWriter()
        try writer.write(schema)
        sdl = writer.text
        typeCount = writer.typeCount
    }

    /// Asks `transport`'s server for its schema. A transport failure is `network` (with the
    /// HTTP status and GraphQL errors of a refusal); an answer with GraphQL errors and no
    /// schema, introspection switched off say, is `invalidResponse` quoting the errors.
    public static func fetch(from transport: any NetworkTransport) async throws(GraphQLCacheError) -> IntrospectedSchema {
        let response = try await transport.send(GraphQLRequest(query: query, operationName: "IntrospectionQuery"))
        guard let data = response.data, data["__schema"]?.objectValue != nil else {
            let messages = response.errors.map { $0["message"]?.stringValue ?? JSONValue.object($0).jsonText }
            throw .invalidResponse(messages.isEmpty ? "the server's answer to the introspection query has no __schema"
                : "the server answered the introspection query with GraphQL errors: " + messages.joined(separator: "; "))
        }
        return try IntrospectedSchema(data: data)
    }
}
