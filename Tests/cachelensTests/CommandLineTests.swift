import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `cachelens harness --cache FILE`, `cachelens dump` and `cachelens stats` on real files.
@Suite struct CommandLineTests {
    @Test func harnessOnAFileKeepsRecordsForTheNextRun() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let first = try CacheLensProcess.run(["harness", "--cache", path], input: """
            {"id":1,"op":"merge","records":{"QUERY_ROOT":{"hero(text:Luke.Skywalker)":{"$reference":"Human:1000"}},"Human:1000":{"name":"Luke"}}}

            """)
        #expect(first.status == 0)
        #expect(first.stdout == #"{"id":1,"ok":true,"changedKeys":["Human:1000.name","QUERY_ROOT.hero(text:Luke.Skywalker)"]}"# + "\n")
        let second = try CacheLensProcess.run(["harness", "--cache", path], input: """
            {"id":2,"op":"records"}
            {"id":3,"op":"removeMatching","pattern":"HUMAN"}
            {"id":4,"op":"stats"}

            """)
        #expect(second.stdout.split(separator: "\n") == [
            #"{"id":2,"ok":true,"records":{"Human:1000":{"name":"Luke"},"QUERY_ROOT":{"hero(text:Luke.Skywalker)":{"$reference":"Human:1000"}}}}"#,
            #"{"id":3,"ok":true,"removedKeys":["Human:1000"]}"#,
            #"{"id":4,"ok":true,"records":1,"networkRequests":0,"watchers":0}"#,
        ])
    }

    @Test func harnessOnABadFileFailsNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bad.sqlite")
        try Data(String(repeating: "garbage ", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        let result = try CacheLensProcess.run(["harness", "--cache", path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(path) is not a SQLite database"))
    }

    @Test func dumpPrintsASnapshotAndReportsBrokenRowsByKey() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"}}"#), ("Broken:1", "{oops"), ("Droid:2001", #"{"name":"R2-D2"}"#),
        ])
        let result = try CacheLensProcess.run(["dump", path])
        #expect(result.status != 0)
        #expect(result.stdout == """
            {
            "Droid:2001":{"name":"R2-D2"},
            "QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}}
            }

            """)
        #expect(result.stderr.contains(#"record "Broken:1""#))
        #expect(result.stderr.contains(path))
    }

    @Test func dumpOfAHealthyFileSucceeds() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A", #"{"x":1}"#)])
        let result = try CacheLensProcess.run(["dump", path])
        #expect(result.status == 0)
        #expect(try JSONValue.parse(result.stdout) == .object(["A": .object(["x": .int(1)])]))
    }

    @Test func statsCountsRecordsBytesAndTypenames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("Droid:2001", #"{"__typename":"Droid","name":"R2-D2"}"#),
            ("Droid:2000", #"{"__typename":"Droid","name":"C-3PO","bio":"a long biography of a protocol droid"}"#),
            ("Human:1000", #"{"__typename":"Human"}"#), ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"}}"#),
        ])
        let stats = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)).statistics(largest: 1)
        #expect(stats.records == 4)
        #expect(stats.largest.map(\.key) == ["Droid:2000"])
        #expect(stats.typenames.map(\.typename) == ["Droid", "(none)", "Human"])
        #expect(stats.typenames.map(\.count) == [2, 1, 1])
        let result = try CacheLensProcess.run(["stats", path, "--top", "1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("records: 4\n"))
        #expect(result.stdout.contains("  2\tDroid\n"))
    }

    /// `--top=-1` was a crash on a snapshot (a negative prefix) and every row on a SQLite file
    /// (SQLite's `LIMIT -1`): it is a usage error naming the option, for either kind of file.
    @Test func statsRefusesANegativeTop() throws {
        let directory = try TemporaryDirectory()
        let sqlite = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: sqlite, rows: [("A", #"{"x":1}"#)])
        for path in [sqlite, PackageFiles.sample("sample-cache.json")] {
            for grouping in [[], ["--by", "typename"]] {
                let result = try CacheLensProcess.run(["stats", path, "--top=-1"] + grouping)
                #expect(result.status == 64, "\(result.stderr)")
                #expect(result.stderr.contains("--top must be 0 or more, not -1"), "\(result.stderr)")
            }
        }
    }

    /// `--snapshot FILE` promises a snapshot held in memory, whose changes are never written
    /// back: a FILE that is not a `.json` snapshot (a SQLite cache) is refused as a usage error
    /// before anything is opened, instead of being opened as a SQLite file the explorer's edits
    /// would write into.
    @Test func snapshotOptionRefusesAFileThatIsNotJSON() throws {
        let directory = try TemporaryDirectory()
        let sqlite = directory.path("app.sqlite")
        #expect(try CacheLensProcess.run(["import", PackageFiles.sample("sample-cache.json"), sqlite]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: sqlite))
        let result = try CacheLensProcess.run(["explore", "--snapshot", sqlite])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--snapshot \(sqlite): a snapshot is a .json file ({KEY: record}); give a SQLite cache as FILE, without --snapshot"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: sqlite)) == before)
    }
}
