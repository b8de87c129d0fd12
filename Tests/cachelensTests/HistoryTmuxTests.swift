import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The write log in a real terminal: an edit then `L` shows the entry with the field before and
/// after; going back to an entry restores the file and `u` undoes it; `explore --journal` shows
/// the external entries a `cachelens record` process wrote; `:diff` marks rows and `:sizes`
/// drills down.
@Suite(.serialized) struct HistoryTmuxTests {
    static let records: [Record] = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2")]),
    ]

    /// A SQLite file holding `records`, written by this process.
    static func cacheFile(in directory: TemporaryDirectory) throws -> (String, SQLiteNormalizedCache) {
        let path = directory.path("app.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        _ = try cache.merge(records: RecordSet(records: records))
        return (path, cache)
    }

    static func explore(_ arguments: [String]) throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore"] + arguments, size: (120, 40),
                        environment: ["TERM": "xterm-256color"])
    }

    /// Edits `Droid:2001.name` (the list's second row, the record's second field) to `text`.
    static func editName(_ session: TmuxSession, to text: String) throws {
        try session.keys("g", "j", "Enter", "g", "j", "e", "C-u")
        try session.type(text)
        try session.keys("Enter")
        try session.waitFor("Droid:2001.name = \"\(text)\"")
        try session.keys("Escape")
    }

    @Test func anEditShowsInTheLogAndGoingBackIsUndoable() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (path, cache) = try Self.cacheFile(in: directory)
        let session = try Self.explore([path])
        defer { session.shutDown() }
        try session.waitFor("app.sqlite", "2 records")
        try Self.editName(session, to: "Artoo")
        try session.keys("L")
        try session.waitFor("write log: 1 entry", "#1", "edit")
        try session.keys("Enter")
        try session.waitFor("name: \"R2-D2\" → \"Artoo\"")
        try session.keys("Escape")
        try Self.editName(session, to: "Detoo")
        try session.keys("L", "G", "b")
        try session.waitFor("Go back to here", "Undo the 1 later entry")
        try session.keys("y")
        try session.waitFor("went back to #1: 1 record restored")
        #expect(try cache.loadRecords(forKeys: ["Droid:2001"])["Droid:2001"]?["name"] == .string("Artoo"))
        try session.keys("u")
        try session.waitFor("undone: go back to #1")
        #expect(try cache.loadRecords(forKeys: ["Droid:2001"])["Droid:2001"]?["name"] == .string("Detoo"))
        try session.keys("L")
        try session.waitFor("write log: 4 entries", "go back to #1", "undo")
        try session.keys("Escape", "Q")
        #expect(try session.waitForExit())
    }

    @Test func aJournalWrittenByRecordShowsItsExternalEntries() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (path, cache) = try Self.cacheFile(in: directory)
        let journal = directory.path("app.journal")
        let (recorder, _) = try RecordCommandTests.startRecording(path, journal: journal, in: directory)
        _ = try cache.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
        try RecordCommandTests.poll("the entry") { try RecordCommandTests.entries(journal) == 1 }
        try RecordCommandTests.stop(recorder, signal: SIGINT)

        let session = try Self.explore([path, "--journal", journal])
        defer { session.shutDown() }
        try session.waitFor("journal \(journal): 1 entries")
        try session.keys("L")
        try session.waitFor("write log: 1 entry", "external")
        try session.keys("Enter")
        try session.waitFor("~ Droid:2001", "name: \"R2-D2\" → \"Artoo\"")
        // The explorer appends its own changes to the same journal.
        try session.keys("Escape")
        try Self.editName(session, to: "Detoo")
        try RecordCommandTests.poll("the explorer's entry") { try RecordCommandTests.entries(journal) == 2 }
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func aJournalOfAnotherCacheIsRefused() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try Self.cacheFile(in: directory)
        let journal = directory.path("other.journal")
        _ = try JournalWriter(path: journal, cachePath: directory.path("other.sqlite"), digest: CacheDigest())
        let result = try CacheLensProcess.run(["explore", path, "--journal", journal])
        #expect(result.status != 0)
    }

    @Test func diffMarksRowsAndSizesDrillDown() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (path, _) = try Self.cacheFile(in: directory)
        let other = directory.path("before.json")
        try #"{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"__typename":"Droid","name":"Artoo"},"Human:1":{"__typename":"Human","name":"Gone"}}"#
            .write(toFile: other, atomically: true, encoding: .utf8)
        let session = try Self.explore([path])
        defer { session.shutDown() }
        try session.waitFor("2 records")
        try session.keys(":")
        try session.type("diff \(other)")
        try session.keys("Enter")
        try session.waitFor("diff against \(other): 0 added, 1 removed, 1 changed", "~ Droid:2001", "\"Artoo\" │ \"R2-D2\"",
                            "- Human:1")
        try session.keys("Escape")
        try session.waitFor("~Droid:2001")

        try session.keys(":")
        try session.type("sizes")
        try session.keys("Enter")
        try session.waitFor("sizes by typename · 2 records", "Droid", "QUERY_ROOT")
        try session.keys("g", "Enter")
        try session.waitFor("Droid: largest records", "Droid:2001")
        try session.keys("Enter")
        try session.waitFor("\"R2-D2\"")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    /// An app re-saving a record that is not on screen (`INSERT OR REPLACE`, as Apollo iOS
    /// writes): the log, read back from the journal `explore --journal` keeps, shows it as
    /// changed with its before not seen, not as added.
    @Test func anotherProcessRewritingARowNotOnScreenShowsItsBeforeNotSeen() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (path, cache) = try Self.cacheFile(in: directory)
        let items = (0..<80).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "name": .string("item \($0)")]) }
        _ = try cache.merge(records: RecordSet(records: items))
        let session = try Self.explore([path, "--journal", directory.path("app.journal")])
        defer { session.shutDown() }
        let first = try session.waitFor("82 records")
        #expect(!first.contains("Item:79"), "the row is not on screen")
        try SQLiteTestFile.run(#"INSERT OR REPLACE INTO records (key, record) VALUES ('Item:79', '{"__typename":"Item","name":"renamed"}');"#,
                               at: path)
        try session.keys("L")
        try session.waitFor("write log: 1 entry", "external", "1 changed: Item:79")
        try session.keys("Enter")
        try session.waitFor("~ Item:79  before not seen", "name: (not seen) → \"renamed\"")
        try session.keys("Escape", "Q")
        #expect(try session.waitForExit())
    }
}
