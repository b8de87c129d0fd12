import Foundation
import GraphQLCache
import SampleServer
import Testing

@Suite struct SampleServerErrorTests {
    @Test func validationErrorsComeBackAsGraphQLErrorsWithLocations() async throws {
        let response = try await SampleServerFixture.server().run("{ hero { nme } }")
        #expect(response.data == nil)
        let error = try #require(response.errors.first)
        #expect(error["message"]?.stringValue?.contains("nme") == true)
        #expect(error["locations"] == (try JSONValue.parse(#"[{"line":1,"column":10}]"#)))
    }

    @Test func syntaxErrorsComeBackAsGraphQLErrors() async throws {
        let response = try await SampleServerFixture.server().run("{ hero { name ")
        #expect(response.data == nil)
        let error = try #require(response.errors.first)
        #expect(error["message"]?.stringValue?.contains("Syntax Error") == true)
        #expect(error["locations"]?.arrayValue?.count == 1)
    }

    @Test func missingRequiredVariableIsAnErrorNamingIt() async throws {
        let response = try await SampleServerFixture.server().run("query($id: ID!) { human(id: $id) { name } }")
        #expect(response.data == nil)
        #expect(response.errors.first?["message"]?.stringValue?.contains("$id") == true)
    }

    @Test func nullInANonNullFieldGivesPartialDataAndAnErrorWithPath() async throws {
        let data = #"""
            {"heroes":{"default":"2001"},
             "characters":[{"__typename":"Droid","id":"2001","appearsIn":[]},
                           {"__typename":"Human","id":"1000","name":"Luke Skywalker","appearsIn":[]}],
             "starships":[]}
            """#
        let directory = try SampleServerFixture.directory(withData: data)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try SampleServer(directory: directory)

        let response = try await server.run(#"{ hero { name } luke: character(id: "1000") { name } }"#)
        #expect(response.data == (try SampleServerFixture.object(#"{"hero":null,"luke":{"name":"Luke Skywalker"}}"#)))
        let error = try #require(response.errors.first)
        #expect(error["path"] == (try JSONValue.parse(#"["hero","name"]"#)))
        #expect(error["message"] == .string("Cannot return null for non-nullable field Droid.name."))
        #expect(error["locations"] == (try JSONValue.parse(#"[{"line":1,"column":10}]"#)))
    }

    @Test func fixtureNamingAnUnknownFriendFailsAtLoadNamingTheFile() throws {
        let data = #"{"heroes":{"default":"1"},"characters":[{"__typename":"Human","id":"1","friends":["7"]}],"starships":[]}"#
        let directory = try SampleServerFixture.directory(withData: data)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(SampleServer.dataFileName).path
        #expect(throws: SampleServerError.invalidData(path: path, message: #"friends of 1 name unknown id "7""#)) {
            try SampleServer(directory: directory)
        }
    }

    @Test func fixtureThatIsNotJSONFailsNamingTheFile() throws {
        let directory = try SampleServerFixture.directory(withData: "{ nope")
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = #expect(throws: SampleServerError.self) { try SampleServer(directory: directory) }
        guard case .invalidData(let path, let message)? = error else {
            Issue.record("expected invalidData, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix(SampleServer.dataFileName))
        #expect(message.hasPrefix("not JSON"))
    }

    @Test func missingDirectoryIsAnUnreadableFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cachelens-absent-\(UUID().uuidString)")
        let error = #expect(throws: SampleServerError.self) { try SampleServer(directory: directory) }
        guard case .unreadableFile(let path, _)? = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(path.hasPrefix(directory.path))
    }

    @Test func sampleDataIsFoundFromAnyDirectoryInsideThePackage() throws {
        let found = try SampleServerFixture.sampleDataDirectory()
        let deep = found.deletingLastPathComponent().appendingPathComponent("Sources/SampleServer")
        #expect(try SampleServer.locateSampleData(from: [deep]) == found)
    }

    @Test func defaultInitFindsThePackageSampleDataAndAnswers() async throws {
        let server = try SampleServer()
        #expect(server.directory.standardizedFileURL == (try SampleServerFixture.sampleDataDirectory()).standardizedFileURL)
        let response = try await server.send(GraphQLRequest(query: "{ hero(episode: EMPIRE) { name } }"))
        #expect(response.data == (try SampleServerFixture.object(#"{"hero":{"name":"Luke Skywalker"}}"#)))
    }

    @Test func sampleDataNotFoundListsWhereItLooked() throws {
        let root = URL(fileURLWithPath: "/", isDirectory: true)
        #expect(throws: SampleServerError.sampleDataNotFound(searched: ["/sample-data"])) {
            try SampleServer.locateSampleData(from: [root])
        }
    }
}
