import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// `cachelens diff A B` through the real binary on real files: added, removed, changed and
/// re-pointed records, `--json`, `--keys`, `--stats`, and `diff`'s exit statuses.
@Suite struct DiffCommandTests {
    static let before: [(String, String)] = [
        ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"}}"#),
        ("Droid:2001", #"{"__typename":"Droid","name":"R2-D2","friends":[{"$reference":"Human:1000"}]}"#),
        ("Human:1000", #"{"__typename":"Human","name":"Luke"}"#),
        ("Human:1002", #"{"__typename":"Human","name":"Han"}"#),
    ]
    static let after = """
        {"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},
         "Droid:2001":{"__typename":"Droid","name":"R2-D2","friends":[{"$reference":"Human:1003"}]},
         "Human:1000":{"__typename":"Human","name":"Luke S."},
         "Human:1003":{"__typename":"Human","name":"Leia"}}
        """

    /// A SQLite file (before) and a snapshot (after), in one directory.
    static func files(_ directory: TemporaryDirectory) throws -> (String, String) {
        let a = directory.path("a.sqlite"), b = directory.path("b.json")
        try SQLiteTestFile.apolloFile(at: a, rows: before)
        try Data(after.utf8).write(to: URL(fileURLWithPath: b))
        return (a, b)
    }

    @Test func textListsEachRecordFieldByFieldAndExitsOne() throws {
        let directory = try TemporaryDirectory()
        let (a, b) = try Self.files(directory)
        let result = try CacheLensProcess.run(["diff", a, b])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
            ~ Droid:2001 (Droid)
                friends: [{"$reference":"Human:1000"}] -> [{"$reference":"Human:1003"}]  (re-pointed)
            ~ Human:1000 (Human)
                name: "Luke" -> "Luke S."
            - Human:1002 (Human)
                __typename: "Human"
                name: "Han"
            + Human:1003 (Human)
            """))
        #expect(result.stdout.contains("1 added, 1 removed, 2 changed; 1 reference field(s) re-pointed"))
        #expect(result.stdout.contains("  Human\t+1 -1 ~1"))
    }

    @Test func equalFilesPrintNothingAndExitZero() throws {
        let directory = try TemporaryDirectory()
        let (a, _) = try Self.files(directory)
        let copy = directory.path("copy.json")
        #expect(try CacheLensProcess.run(["export", a, copy]).status == 0)
        let result = try CacheLensProcess.run(["diff", a, copy])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func troubleExitsTwo() throws {
        let directory = try TemporaryDirectory()
        let (a, _) = try Self.files(directory)
        let result = try CacheLensProcess.run(["diff", a, directory.path("missing.sqlite")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing.sqlite"))
        let bad = directory.path("bad.json")
        try Data("{oops".utf8).write(to: URL(fileURLWithPath: bad))
        #expect(try CacheLensProcess.run(["diff", bad, a]).status == 2)
    }

    @Test func jsonHoldsEveryDeltaAndTheCounts() throws {
        let directory = try TemporaryDirectory()
        let (a, b) = try Self.files(directory)
        let result = try CacheLensProcess.run(["diff", "--json", a, b])
        #expect(result.status == 1)
        let json = try JSONValue.parse(result.stdout)
        let records = try #require(json["records"]?.arrayValue)
        #expect(records.compactMap { $0["key"]?.stringValue } == ["Droid:2001", "Human:1000", "Human:1002", "Human:1003"])
        #expect(records[1]["fields"]?["name"] == .object(["before": .string("Luke"), "after": .string("Luke S.")]))
        #expect(records[0]["fields"]?["friends"]?["after"] == .array([.object(["$reference": .string("Human:1003")])]))
        #expect(json["summary"]?["added"] == .int(1))
        #expect(json["summary"]?["repointed"] == .int(1))
        #expect(json["summary"]?["byTypename"]?["Human"]?["changed"] == .int(1))
    }

    @Test func keysPatternLimitsTheComparison() throws {
        let directory = try TemporaryDirectory()
        let (a, b) = try Self.files(directory)
        let result = try CacheLensProcess.run(["diff", "--keys", "droid", "--json", a, b])
        #expect(result.status == 1)
        let json = try JSONValue.parse(result.stdout)
        #expect(json["records"]?.arrayValue?.compactMap { $0["key"]?.stringValue } == ["Droid:2001"])
        #expect(try CacheLensProcess.run(["diff", "--keys", "QUERY_ROOT", a, b]).status == 0)
    }

    @Test func statsGivesGrowthPerTypename() throws {
        let directory = try TemporaryDirectory()
        let a = directory.path("a.json"), b = directory.path("b.json")
        try Data(#"{"Human:1":{"__typename":"Human","name":"A"}}"#.utf8).write(to: URL(fileURLWithPath: a))
        try Data(#"{"Human:1":{"__typename":"Human","name":"A"},"Human:2":{"__typename":"Human","name":"B"},"Ship:1":{"__typename":"Ship"}}"#.utf8)
            .write(to: URL(fileURLWithPath: b))
        let result = try CacheLensProcess.run(["diff", "--stats", a, b])
        #expect(result.status == 1)
        let human = 7 + #"{"__typename":"Human","name":"A"}"#.utf8.count
        #expect(result.stdout.contains("Human\t1\t2\t+1\t\(human)\t\(2 * human)\t+\(human)"))
        #expect(result.stdout.contains("Ship\t0\t1\t+1\t0\t"))
    }
}
