import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `cachelens export` and `cachelens import` through the real binary, on real files.
@Suite struct ExportImportCommandTests {
    static let snapshotText = """
        {"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},
         "Droid:2001":{"__typename":"Droid","name":"R2-D2","friends":[{"$reference":"Human:1000"}],"height":1.0}}
        """

    @Test func exportWritesASortedSnapshotFileThatImportReadsBack() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("apollo.sqlite"), snapshot = directory.path("out.json")
        try SQLiteTestFile.apolloFile(at: source, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"}}"#), ("Droid:2001", #"{"name":"R2-D2","mass":32.0}"#),
        ])
        let export = try CacheLensProcess.run(["export", source, snapshot])
        #expect(export.status == 0)
        #expect(export.stdout == "wrote 2 record(s) from \(source) to \(snapshot)\n")
        #expect(try String(contentsOfFile: snapshot, encoding: .utf8) == """
            {
            "Droid:2001":{"mass":32.0,"name":"R2-D2"},
            "QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}}
            }

            """)
        let copy = directory.path("copy.sqlite")
        #expect(try CacheLensProcess.run(["import", snapshot, copy]).status == 0)
        let original = try SQLiteNormalizedCache(path: source, options: .init(readOnly: true)).allRecords()
        #expect(try SQLiteNormalizedCache(path: copy, options: .init(readOnly: true)).allRecords() == original)
    }

    @Test func exportWithoutAnOutputFilePrintsTheSnapshot() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: source, rows: [("B", #"{"x":1}"#), ("A", #"{"y":"z"}"#)])
        let result = try CacheLensProcess.run(["export", source])
        #expect(result.status == 0)
        #expect(result.stdout == "{\n\"A\":{\"y\":\"z\"},\n\"B\":{\"x\":1}\n}\n")
    }

    @Test func exportReportsBrokenRowsByKeyAndStillWritesTheOthers() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("apollo.sqlite"), snapshot = directory.path("out.json")
        try SQLiteTestFile.apolloFile(at: source, rows: [("Good:1", #"{"x":1}"#), ("Broken:1", "{oops")])
        let result = try CacheLensProcess.run(["export", source, snapshot])
        #expect(result.status != 0)
        #expect(result.stderr.contains(#"record "Broken:1""#))
        #expect(result.stderr.contains("1 broken row(s) in \(source)"))
        let written = try Snapshot.decode(try Data(contentsOf: URL(fileURLWithPath: snapshot)), source: snapshot)
        #expect(Set(written.keys) == ["Good:1"])
    }

    @Test func exportOfAMissingCacheFailsNamingItAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.sqlite"), snapshot = directory.path("out.json")
        let result = try CacheLensProcess.run(["export", missing, snapshot])
        #expect(result.status != 0)
        #expect(result.stderr.contains(missing))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func exportRefusesToWriteOverItsOwnCache() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: source, rows: [("A", #"{"x":1}"#)])
        let result = try CacheLensProcess.run(["export", source, directory.path("./apollo.sqlite")])
        #expect(result.status != 0)
        #expect(result.stderr.contains("would replace the cache file"))
        #expect(try SQLiteNormalizedCache(path: source, options: .init(readOnly: true)).recordCount() == 1)
    }

    @Test func importMergesAndPrintsTheCounts() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("snap.json"), cache = directory.path("cache.sqlite")
        try Data(Self.snapshotText.utf8).write(to: URL(fileURLWithPath: snapshot))
        try SQLiteTestFile.apolloFile(at: cache, rows: [("Droid:2001", #"{"name":"R2-D2","nickname":"Artoo"}"#)])
        let result = try CacheLensProcess.run(["import", snapshot, cache])
        #expect(result.status == 0)
        #expect(result.stdout == """
            imported \(snapshot) into \(cache)
            records: 2
            changed records: 2
            changed fields: 4

            """)
        let droid = try #require(try SQLiteNormalizedCache(path: cache).loadRecord(forKey: "Droid:2001"))
        #expect(droid["nickname"] == .string("Artoo"))
        #expect(droid["friends"] == .list([.reference("Human:1000")]))
        #expect(droid["height"] == .double(1.0))
    }

    @Test func importWithReplaceLeavesExactlyTheSnapshot() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("snap.json"), cache = directory.path("cache.sqlite")
        try Data(Self.snapshotText.utf8).write(to: URL(fileURLWithPath: snapshot))
        try SQLiteTestFile.apolloFile(at: cache, rows: [("Old:1", #"{"a":1}"#), ("Droid:2001", #"{"nickname":"Artoo"}"#)])
        let result = try CacheLensProcess.run(["import", snapshot, cache, "--replace"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("removed records: 2\nrecords: 2\nchanged records: 2\nchanged fields: 5\n"))
        let records = try SQLiteNormalizedCache(path: cache).allRecords()
        #expect(records == (try Snapshot.decode(Array(Self.snapshotText.utf8), source: snapshot)))
    }

    @Test func importOfBadJSONNamesFileLineAndColumnAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("bad.json"), cache = directory.path("cache.sqlite")
        try Data("{\"A\":{\"x\":1},\n \"B\":{\"y\":[1,}}\n".utf8).write(to: URL(fileURLWithPath: snapshot))
        let result = try CacheLensProcess.run(["import", snapshot, cache])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(snapshot):2:14: not JSON: unexpected character '}'"))
        #expect(!FileManager.default.fileExists(atPath: cache))
    }

    @Test func importOfABadRecordNamesItsKeyAndLeavesTheCacheAlone() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("bad.json"), cache = directory.path("cache.sqlite")
        try Data(#"{"A":{"x":2},"Droid:2001":{"friend":{"$reference":7}}}"#.utf8).write(to: URL(fileURLWithPath: snapshot))
        try SQLiteTestFile.apolloFile(at: cache, rows: [("A", #"{"x":1}"#)])
        let result = try CacheLensProcess.run(["import", snapshot, cache, "--replace"])
        #expect(result.status != 0)
        #expect(result.stderr.contains(#"\#(snapshot): record "Droid:2001" field "friend": "$reference" must be a string"#))
        #expect(try SQLiteNormalizedCache(path: cache).allRecords() == RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
    }

    @Test func importOfAMissingSnapshotFailsNamingIt() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.json")
        let result = try CacheLensProcess.run(["import", missing, directory.path("cache.sqlite")])
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot read snapshot \(missing)"))
    }

    @Test func importOfASnapshotThatIsNotAnObjectSaysWhatItFound() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("list.json")
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: snapshot))
        let result = try CacheLensProcess.run(["import", snapshot, directory.path("cache.sqlite")])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(snapshot): a snapshot must be a JSON object of records"))
        #expect(result.stderr.contains("found array"))
    }
}
