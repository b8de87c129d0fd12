import GraphQLCache
import Testing

@Suite struct TransportResponseTests {
    static func object(_ text: String) throws -> JSONObject {
        try #require(try JSONValue.parse(text).objectValue)
    }

    @Test func readsDataErrorsAndExtensionsAndWritesThemBack() throws {
        let json = try Self.object(#"{"data":{"a":1},"errors":[{"message":"m","path":["a"]}],"extensions":{"cost":3}}"#)
        let response = try TransportResponse(json: json)
        #expect(response.data == ["a": .int(1)])
        #expect(response.errors.count == 1)
        #expect(response.extensions == ["cost": .int(3)])
        #expect(response.jsonObject == json)
    }

    @Test func nullDataWithErrorsIsAResponseWithoutData() throws {
        let response = try TransportResponse(json: Self.object(#"{"data":null,"errors":[{"message":"bad"}]}"#))
        #expect(response.data == nil)
        #expect(response.hasErrors)
    }

    @Test func malformedMembersAreNamed() throws {
        #expect(throws: GraphQLCacheError.network(.invalidResponse("GraphQL response \"data\" is a array, not an object"))) {
            try TransportResponse(json: Self.object(#"{"data":[]}"#))
        }
        #expect(throws: GraphQLCacheError.network(.invalidResponse("GraphQL response \"errors\"[0] is not an object with a string \"message\""))) {
            try TransportResponse(json: Self.object(#"{"errors":[{"msg":"x"}]}"#))
        }
    }

    @Test func requestJSONRoundTripsAndOmitsAbsentOperationName() throws {
        let request = GraphQLRequest(query: "{ a }", variables: ["x": .int(1)])
        #expect(request.jsonObject.keys == ["query", "variables"])
        #expect(try GraphQLRequest(json: request.jsonObject) == request)
    }
}
