import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `cachelens record` as a real child process following commits this test process makes to
/// the cache file: each commit becomes a journal entry with the values before and after, the
/// cache is never written, SIGINT and SIGTERM end it cleanly, and a restart after unrecorded
/// commits writes a gap.
@Suite struct RecordCommandTests {
    /// Waits until `condition` holds, checking every 20 ms, for at most `timeout`.
    static func poll(_ what: String, timeout: Duration = .seconds(20), _ condition: () throws -> Bool) throws {
        let clock = ContinuousClock(), deadline = clock.now + timeout
        while clock.now < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("timed out waiting for \(what)")
        throw CancellationError()
    }

    static func output(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    static func entries(_ journal: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: journal) else { return 0 }
        return try JournalReader(path: journal).entryCount
    }

    /// Starts `record` on `cache` and waits until it has read the cache.
    static func startRecording(_ cache: String, journal: String, in directory: TemporaryDirectory) throws -> (Process, String) {
        let input = directory.path("stdin"), output = directory.path("out-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: input, contents: nil)
        let process = try CacheLensProcess.start(["record", cache, "--journal", journal, "--interval", "20"],
                                                 inputPath: input, outputPath: output)
        try poll("record to start") { Self.output(output).contains("recording") || !process.isRunning }
        return (process, output)
    }

    static func stop(_ process: Process, signal number: Int32) throws {
        kill(process.processIdentifier, number)
        try poll("record to exit") { !process.isRunning }
        process.waitUntilExit()
    }

    @Test func followsAnotherProcesssCommitsUntilInterrupted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite"), journal = directory.path("app.journal")
        let app = try SQLiteNormalizedCache(path: path)
        try app.merge(records: RecordSet(records: [Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke")])]))
        let (recorder, output) = try Self.startRecording(path, journal: journal, in: directory)
        try app.merge(records: RecordSet(records: [
            Record(key: "Human:1000", ["name": .string("Luke S.")]),
            Record(key: "Human:1003", ["__typename": .string("Human"), "name": .string("Leia")]),
        ]))
        try Self.poll("the first entry") { try Self.entries(journal) == 1 }
        try app.removeRecord(for: "Human:1003")
        try Self.poll("the second entry") { try Self.entries(journal) == 2 }
        try Self.stop(recorder, signal: SIGINT)
        #expect(recorder.terminationStatus == 0)
        #expect(Self.output(output).contains("stopped: 2 entries recorded"))

        let reader = try JournalReader(path: journal)
        let entries = try reader.entries(0..<2)
        #expect(entries.map(\.origin) == ["external", "external"])
        #expect(entries[0].records.map(\.key) == ["Human:1000", "Human:1003"])
        #expect(entries[0].records[0].fields == [FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S."))])
        #expect(entries[0].records[1].kind == .added)
        #expect(entries[1].records.map(\.kind) == [.removed])
        #expect(entries[1].records[0].fields.first { $0.field == "name" }?.before == .string("Leia"))
        #expect(entries[1].digestBefore == entries[0].digestAfter)
        var rows = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)).rowsInKeyOrder()
        #expect(reader.problems(cachePath: path, digest: try CacheState(reading: &rows).digest).isEmpty)
    }

    /// `record` compares whole states, so an app replacing a row (`INSERT OR REPLACE`, a new
    /// rowid) is a change with its before, never a record whose before was not seen.
    @Test func aReplacedRowIsChangedWithItsBefore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite"), journal = directory.path("app.journal")
        try SQLiteNormalizedCache(path: path).merge(records: RecordSet(records: [
            Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke")]),
        ]))
        let (recorder, _) = try Self.startRecording(path, journal: journal, in: directory)
        try SQLiteTestFile.run(#"INSERT OR REPLACE INTO records (key, record) VALUES ('Human:1000', '{"__typename":"Human","name":"Luke S."}');"#,
                               at: path)
        try Self.poll("the entry") { try Self.entries(journal) == 1 }
        try Self.stop(recorder, signal: SIGINT)
        #expect(try JournalReader(path: journal).entries(0..<1).first?.records == [
            RecordDelta(key: "Human:1000", kind: .changed, typename: "Human",
                        fields: [FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S."))]),
        ])
    }

    @Test func neverWritesTheCacheAndSIGTERMEndsCleanly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite"), journal = directory.path("j.jsonl")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A", #"{"x":1}"#)])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (recorder, _) = try Self.startRecording(path, journal: journal, in: directory)
        try Self.stop(recorder, signal: SIGTERM)
        #expect(recorder.terminationStatus == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try JournalReader(path: journal).entryCount == 0)
    }

    @Test func aRestartAfterUnrecordedCommitsWritesAGap() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite"), journal = directory.path("j.jsonl")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A", #"{"x":1}"#)])
        let (first, _) = try Self.startRecording(path, journal: journal, in: directory)
        try Self.stop(first, signal: SIGINT)
        try SQLiteTestFile.run(#"UPDATE records SET record = '{"x":2}' WHERE key = 'A'"#, at: path)
        let (second, _) = try Self.startRecording(path, journal: journal, in: directory)
        try Self.stop(second, signal: SIGINT)
        #expect(try JournalReader(path: journal).gaps.map(\.afterEntries) == [0])
        let other = directory.path("other.sqlite")
        try SQLiteTestFile.apolloFile(at: other, rows: [("B", #"{"y":1}"#)])
        let refused = try CacheLensProcess.run(["record", other, "--journal", journal])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("another cache"))
    }
}
