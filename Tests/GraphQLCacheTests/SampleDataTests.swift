import Foundation
import Testing
@testable import GraphQLCache

/// The sample operations and responses (README, explorer, harness scripts) stay consistent with
/// the schema: each validates, writes, and reads back exactly its response.
@Suite struct SampleDataTests {
    static let operations = ["HeroAndFriends", "HeroDetails", "Human", "Droid", "Characters", "Search", "CreateReview"]

    private func sample(_ name: String) throws -> (document: String, data: JSONObject) {
        let document = try OperationFixture.sampleFile("operations/\(name).graphql")
        let response = try OperationFixture.json(try OperationFixture.sampleFile("responses/\(name).json"))
        return (document, try #require(response["data"]?.objectValue))
    }

    @Test(arguments: operations)
    func sampleOperationWritesAndReadsBackItsResponse(name: String) throws {
        let fixture = try OperationFixture.starWars()
        let (document, data) = try sample(name)
        let operation = try fixture.executor.operation(document: document)
        try fixture.cache.merge(records: try fixture.executor.normalize(data: data, for: operation))
        let network = try fixture.executor.operation(document: fixture.executor.networkDocument(for: operation))
        let result = try fixture.executor.read(network, from: CacheRecordSource(fixture.cache))
        #expect(result.isComplete, "\(result.misses)")
        #expect(result.data == data)
    }

    @Test func charactersAreKeyedByTypeAndId() throws {
        let fixture = try OperationFixture.starWars()
        let (document, data) = try sample("HeroAndFriends")
        try fixture.cache.merge(records: try fixture.executor.normalize(data: data, for: try fixture.executor.operation(document: document)))
        #expect(try fixture.recordText(.queryRoot) == #"{"hero":{"$reference":"Droid:2001"}}"#)
        #expect(try fixture.recordText("Droid:2001")
            == #"{"__typename":"Droid","friends":[{"$reference":"Human:1000"},{"$reference":"Human:1002"},{"$reference":"Human:1003"}],"id":"2001","name":"R2-D2"}"#)
    }

    @Test func fieldPoliciesReadCharactersWrittenByAnotherQuery() throws {
        let fixture = try OperationFixture.starWars()
        let (document, data) = try sample("HeroAndFriends")
        try fixture.cache.merge(records: try fixture.executor.normalize(data: data, for: try fixture.executor.operation(document: document)))
        let result = try fixture.read(#"{ character(id: "1003") { name } human(id: "1000") { name } droid(id: "2001") { name } }"#)
        #expect(OperationFixture.text(result.data) == #"{"character":{"name":"Leia Organa"},"human":{"name":"Luke Skywalker"},"droid":{"name":"R2-D2"}}"#)
    }

    @Test func mutationInputObjectsMakeApolloFieldKeys() throws {
        let fixture = try OperationFixture.starWars()
        let (document, data) = try sample("CreateReview")
        let records = try fixture.executor.normalize(data: data, for: try fixture.executor.operation(document: document))
        #expect(records[.mutationRoot]?.fields.keys.first == "createReview(episode:JEDI,[review:commentary:This is a great movie!,stars:5])")
    }
}
