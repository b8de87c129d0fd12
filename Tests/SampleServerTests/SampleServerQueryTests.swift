import Foundation
import GraphQLCache
import SampleServer
import Testing

@Suite struct SampleServerQueryTests {
    let server: SampleServer

    init() throws { server = try SampleServerFixture.server() }

    func expectData(_ query: String, variables: String = "{}", _ expected: String,
                    sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let response = try await server.run(query, variables: variables)
        #expect(response.errors.isEmpty, "\(response.errors)", sourceLocation: sourceLocation)
        #expect(response.data == (try SampleServerFixture.object(expected)), sourceLocation: sourceLocation)
    }

    @Test func heroIsR2D2ExceptInEmpireWhereItIsLuke() async throws {
        try await expectData(
            "{ hero { __typename id name } empire: hero(episode: EMPIRE) { __typename id name } jedi: hero(episode: JEDI) { name } }",
            #"""
            {"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"},
             "empire":{"__typename":"Human","id":"1000","name":"Luke Skywalker"},
             "jedi":{"name":"R2-D2"}}
            """#)
    }

    @Test func responseKeepsSelectionOrder() async throws {
        let response = try await server.run("{ hero { name id __typename } }")
        #expect(JSONValue.object(response.jsonObject).jsonText
            == #"{"data":{"hero":{"name":"R2-D2","id":"2001","__typename":"Droid"}}}"#)
    }

    @Test func friendsResolveThroughTheCharacterInterface() async throws {
        try await expectData(
            "{ hero { friends { __typename name ... on Human { homePlanet } ... on Droid { primaryFunction } } appearsIn } }",
            #"""
            {"hero":{"friends":[
               {"__typename":"Human","name":"Luke Skywalker","homePlanet":"Tatooine"},
               {"__typename":"Human","name":"Han Solo","homePlanet":null},
               {"__typename":"Human","name":"Leia Organa","homePlanet":"Alderaan"}],
             "appearsIn":["NEWHOPE","EMPIRE","JEDI"]}}
            """#)
    }

    @Test func humanHeightConvertsToFeetOnRequest() async throws {
        let response = try await server.run(
            #"{ human(id: "1000") { name height meters: height(unit: METER) feet: height(unit: FOOT) mass nickname } }"#)
        let human = try #require(response.data?["human"]?.objectValue)
        #expect(human["height"] == .double(1.72))
        #expect(human["meters"] == .double(1.72))
        #expect(human["feet"] == .double(1.72 * 3.28084))
        #expect(human["mass"] == .double(77))
        #expect(human["nickname"] == .null)
    }

    @Test func humanAndDroidOnlyFindTheirOwnType() async throws {
        try await expectData(
            #"{ human(id: "2001") { name } droid(id: "2001") { name primaryFunction } tarkin: human(id: "1004") { mass } }"#,
            #"{"human":null,"droid":{"name":"R2-D2","primaryFunction":"Astromech"},"tarkin":{"mass":null}}"#)
    }

    @Test func characterAndCharactersResolveByIDLeavingOutUnknownIDs() async throws {
        try await expectData(
            #"{ character(id: "1003") { __typename name } characters(ids: ["1000", "9999", "2000"]) { __typename id } }"#,
            #"""
            {"character":{"__typename":"Human","name":"Leia Organa"},
             "characters":[{"__typename":"Human","id":"1000"},{"__typename":"Droid","id":"2000"}]}
            """#)
    }

    @Test func searchResolvesEveryUnionMember() async throws {
        try await expectData(
            #"{ search(text: "o") { __typename ... on Character { name } ... on Starship { name length } } }"#,
            #"""
            {"search":[{"__typename":"Human","name":"Han Solo"},{"__typename":"Human","name":"Leia Organa"},
                       {"__typename":"Droid","name":"C-3PO"},
                       {"__typename":"Starship","name":"Millennium Falcon","length":34.37}]}
            """#)
    }

    @Test func starshipHasCoordinatesAndLengthInFeet() async throws {
        let response = try await server.run(#"{ starship(id: "3001") { name coordinates feet: length(unit: FOOT) } }"#)
        let starship = try #require(response.data?["starship"]?.objectValue)
        #expect(starship["name"] == .string("X-Wing"))
        #expect(starship["coordinates"] == (try JSONValue.parse("[[1.0,2.0],[3.0,4.0]]")))
        #expect(starship["feet"] == .double(12.5 * 3.28084))
    }

    @Test func variablesAndOperationNameSelectWhatRuns() async throws {
        let document = """
            query Hero($episode: Episode) { hero(episode: $episode) { name } }
            query Human($id: ID!) { human(id: $id) { name } }
            """
        let hero = try await server.run(document, variables: #"{"episode":"EMPIRE"}"#, operationName: "Hero")
        #expect(hero.data == (try SampleServerFixture.object(#"{"hero":{"name":"Luke Skywalker"}}"#)))
        let human = try await server.run(document, variables: #"{"id":"1002"}"#, operationName: "Human")
        #expect(human.data == (try SampleServerFixture.object(#"{"human":{"name":"Han Solo"}}"#)))
    }

    @Test func createReviewReturnsTheReviewAndKeepsIt() async throws {
        let mutation = """
            mutation CreateReview($episode: Episode, $review: ReviewInput!) {
              createReview(episode: $episode, review: $review) { __typename episode stars commentary }
            }
            """
        let variables = #"{"episode":"JEDI","review":{"stars":5,"commentary":"Great!","favoriteColor":{"red":1,"green":2,"blue":3}}}"#
        let response = try await server.run(mutation, variables: variables)
        #expect(response.errors.isEmpty)
        #expect(response.data == (try SampleServerFixture.object(
            #"{"createReview":{"__typename":"Review","episode":"JEDI","stars":5,"commentary":"Great!"}}"#)))
        #expect(server.reviews == [try SampleServerFixture.object(
            #"{"__typename":"Review","episode":"JEDI","stars":5,"commentary":"Great!"}"#)])
    }

    @Test func everyRequestIsCounted() async throws {
        _ = try await server.run("{ hero { name } }")
        _ = try await server.run("{ nonsense }")
        #expect(server.requestCount == 2)
    }

    @Test func concurrentRequestsAllGetTheirAnswers() async throws {
        let server = self.server
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<40 {
                let id = ["1000", "1001", "1002", "1003", "1004", "2000", "2001"][index % 7]
                group.addTask { try await server.run(#"{ character(id: "\#(id)") { name } }"#).data?["character"]?["name"]?.stringValue }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(names.count == 40 && names.allSatisfy { $0 != nil })
        #expect(server.requestCount == 40)
    }
}
