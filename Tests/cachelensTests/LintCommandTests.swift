import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// `cachelens lint` through the real binary, on SQLite caches made for each finding.
@Suite struct LintCommandTests {
    private static let sampleData = PackageFiles.root.appendingPathComponent("sample-data").path

    @Test func aCleanCacheExitsZeroSayingSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("clean.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"}}"#),
            ("Droid:2001", #"{"__typename":"Droid","id":"2001","name":"R2-D2"}"#),
        ])
        let result = try CacheLensProcess.run(["lint", path])
        #expect(result.status == 0)
        #expect(result.stdout == "\(path): 2 records, no findings\n")
    }

    @Test func pathKeyedDuplicatesABrokenRowAndADanglingReferenceAreFindingsWithExitTwo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("sick.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"QUERY_ROOT.hero"},"hero(episode:JEDI)":{"$reference":"QUERY_ROOT.hero(episode:JEDI)"},"friend":{"$reference":"Human:1003"}}"#),
            ("QUERY_ROOT.hero", #"{"__typename":"Droid","id":"2001","name":"R2-D2"}"#),
            ("QUERY_ROOT.hero(episode:JEDI)", #"{"__typename":"Droid","id":"2001","name":"Artoo"}"#),
            ("Broken:1", #"{"name": "#),
        ])
        let result = try CacheLensProcess.run(["lint", path])
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(path): 4 records, 4 finding(s)")
        #expect(lines.contains { $0.hasPrefix("brokenRow (1): 1 row(s) do not hold valid record JSON; e.g. record \"Broken:1\"") })
        #expect(lines.contains("danglingReference (1): 1 reference(s) name absent records; e.g. QUERY_ROOT -> Human:1003"))
        #expect(lines.contains("duplicateEntity (1): 1 Droid object(s) are stored under several keys with values that differ; e.g. QUERY_ROOT.hero and QUERY_ROOT.hero(episode:JEDI) differ in name."))
        #expect(lines.contains(#"  fix: extend type Droid @typePolicy(keyFields: "id")"#))

        let json = try CacheLensProcess.run(["lint", path, "--json"])
        #expect(json.status == 2)
        let findings = try #require(try JSONValue.parse(json.stdout)["findings"]?.arrayValue)
        #expect(findings.compactMap { $0["kind"]?.stringValue } == ["brokenRow", "danglingReference", "duplicateEntity", "noCacheId"])
        #expect(findings[0]["keys"] == .array([.string("Broken:1")]))
    }

    @Test func theSchemasTypePolicySaysToSelectTheKeyFields() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nokey.json")
        try Data(#"{"QUERY_ROOT":{"hero":{"$reference":"QUERY_ROOT.hero"}},"QUERY_ROOT.hero":{"__typename":"Droid","name":"R2-D2"}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let schema = ["--schema", Self.sampleData + "/starwars.graphqls", "--schema", Self.sampleData + "/starwars-extensions.graphqls"]
        let result = try CacheLensProcess.run(["lint", path] + schema)
        #expect(result.status == 2)
        #expect(result.stdout.contains("noCacheId (1): 1 Droid record(s) are stored under response paths, not cache ids (0 of them hold id)"))
        #expect(result.stdout.contains("  fix: select `id` wherever Droid is fetched\n"))
    }
}
