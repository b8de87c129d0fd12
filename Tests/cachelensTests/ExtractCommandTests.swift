import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// `cachelens extract` through the real binary: the bundle holds only what the query reads,
/// `cachelens query BUNDLE` gives the original's answer and misses exactly, and `--anonymize`
/// leaves no original string value.
@Suite struct ExtractCommandTests {
    static let schemas = ["--schema", PackageFiles.sample("starwars.graphqls"), "--schema", PackageFiles.sample("starwars-extensions.graphqls")]

    /// The sample cache as a SQLite file, with Luke's friend Han removed (a miss to reproduce).
    static func cache(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("app.sqlite")
        #expect(try CacheLensProcess.run(["import", PackageFiles.sample("sample-cache.json"), path]).status == 0)
        try SQLiteTestFile.run(#"DELETE FROM records WHERE key = 'Human:1002'"#, at: path)
        return path
    }

    static func query(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("Human.graphql")
        try Data(#"query Human($id: ID!) { human(id: $id) { id name homePlanet friends { id name } } }"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func queryOnTheBundleReproducesTheAnswerAndTheMisses() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(in: directory), query = try Self.query(in: directory), bundle = directory.path("repro.json")
        let variables = #"{"id":"1000"}"#
        let extract = try CacheLensProcess.run(["extract", cache, "--query", query, "--variables", variables, "-o", bundle] + Self.schemas)
        #expect(extract.status == 0)
        #expect(extract.stdout.contains("1 miss(es)"))
        let original = try CacheLensProcess.run(["query", cache, "-f", query, "--variables", variables, "--explain"] + Self.schemas)
        let again = try CacheLensProcess.run(["query", bundle, "--explain"])
        #expect(original.status == 2)
        #expect(again.status == original.status)
        let (before, after) = (try JSONValue.parse(original.stdout), try JSONValue.parse(again.stdout))
        for member in ["complete", "data", "misses", "dependentKeys"] { #expect(after[member] == before[member], "\(member)") }
        let misses = try #require(try JSONValue.parse(again.stdout)["misses"]?.arrayValue)
        #expect(misses.count == 1)
        // Only what the read touched: Luke, his friends that exist and the root's human field.
        let records = try Snapshot.decode(try Data(contentsOf: URL(fileURLWithPath: bundle)), source: bundle)
        #expect(records.count < 10)
        #expect(records[CacheKey("Human:1000")] != nil)
        #expect(records[CacheKey("Starship:3000")] == nil)
        // The plain query answer is the same too.
        #expect(try CacheLensProcess.run(["query", bundle]).stderr
            == CacheLensProcess.run(["query", cache, "-f", query, "--variables", variables] + Self.schemas).stderr)
    }

    @Test func exploreAndExportOpenTheBundleAsASnapshot() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(in: directory), query = try Self.query(in: directory), bundle = directory.path("repro.json")
        #expect(try CacheLensProcess.run(["extract", cache, "--query", query, "--variables", #"{"id":"1000"}"#, "-o", bundle] + Self.schemas).status == 0)
        let export = try CacheLensProcess.run(["export", bundle])
        #expect(export.status == 0)
        #expect(!export.stdout.contains("$bundle"))
        #expect(export.stdout.contains("Human:1000"))
        let text = try String(contentsOfFile: bundle, encoding: .utf8)
        #expect(text.hasPrefix("{\n\"$bundle\":{\"version\":1,\"operation\":"))
    }

    @Test func anonymizeLeavesNoOriginalStringValue() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(in: directory), query = try Self.query(in: directory), bundle = directory.path("anon.json")
        let variables = #"{"id":"1000"}"#
        let extract = try CacheLensProcess.run(["extract", cache, "--query", query, "--variables", variables, "-o", bundle, "--anonymize"] + Self.schemas)
        #expect(extract.status == 0)
        let original = try PackageFiles.sampleRecords()
        let anonymized = try Snapshot.decode(try Data(contentsOf: URL(fileURLWithPath: bundle)), source: bundle)
        var originalStrings = Set<String>()
        for record in original.records {
            for (field, value) in record.fields where field != "__typename" && field != "id" {
                if case .string(let text) = value { originalStrings.insert(text) }
            }
        }
        for record in anonymized.records {
            for (field, value) in record.fields where field != "__typename" && field != "id" {
                if case .string(let text) = value { #expect(!originalStrings.contains(text), "\(record.key).\(field) kept \(text)") }
            }
            #expect(original[record.key] != nil, "keys stay: \(record.key)")
        }
        #expect(anonymized[CacheKey("Human:1000")]?["id"] == .string("1000"))
        #expect(anonymized[CacheKey("Human:1000")]?["__typename"] == .string("Human"))
        // Same hits and misses: the same miss, at the same place.
        let explainOriginal = try JSONValue.parse(try CacheLensProcess.run(["query", cache, "-f", query, "--variables", variables, "--explain"] + Self.schemas).stdout)
        let explainAnonymized = try JSONValue.parse(try CacheLensProcess.run(["query", bundle, "--explain"]).stdout)
        #expect(explainAnonymized["misses"] == explainOriginal["misses"])
        #expect(explainAnonymized["data"] != explainOriginal["data"])
    }
}
