import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The write log (`L`): every change the explorer sees is an entry with each field's before and
/// after; going back to an entry is one undoable change; "as of here" is a read-only view.
@Suite struct WriteLogTests {
    static let records: [Record] = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2"), "age": .int(33)]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke")]),
    ]

    static func explorer(_ kind: CacheKind) -> (Explorer, StoreBackend) {
        let backend = StoreBackend(cache: kind.makeCache(records), sourceName: "log")
        return (Explorer(backend: backend, size: Size(width: 100, height: 30)), backend)
    }

    /// Edits `Droid:2001.name` (the list's second row, the record's second field) to `text`.
    static func editName(_ explorer: inout Explorer, to text: String) {
        explorer.press([.character("g"), .character("j"), .enter, .character("g"), .character("j"), .character("j"),
                        .character("e"), .control("u")] + Key.sequence(from: text) + [.enter])
        // Esc clears the message; Back (with nowhere to go back to) returns to the list.
        explorer.press([.escape, .character("h")])
        #expect(explorer.state.focus == .records)
    }

    static func logText(_ explorer: Explorer) -> String { explorer.render().text }

    @Test(arguments: CacheKind.allCases)
    func anEditIsAnEntryWithTheFieldBeforeAndAfter(_ kind: CacheKind) throws {
        var (explorer, backend) = Self.explorer(kind)
        Self.editName(&explorer, to: "Artoo")
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .string("Artoo"))
        let entries = try #require(backend.writeLog).entries(0..<10)
        #expect(entries.count == 1)
        #expect(entries.first?.origin == "edit")
        #expect(entries.first?.records == [RecordDelta(key: "Droid:2001", kind: .changed, typename: "Droid",
                                                       fields: [FieldDelta(field: "name", before: .string("R2-D2"), after: .string("Artoo"))])])
        explorer.press([.character("L")])
        guard case .log(let list) = explorer.state.mode else { Issue.record("the log is not open"); return }
        #expect(list.entryCount == 1)
        explorer.press([.enter])
        let screen = Self.logText(explorer)
        #expect(screen.contains("#1"))
        #expect(screen.contains("edit"))
        #expect(screen.contains("name: \"R2-D2\" → \"Artoo\""))
    }

    @Test(arguments: CacheKind.allCases)
    func deleteAndUndoAreEntriesNewestFirst(_ kind: CacheKind) throws {
        var (explorer, backend) = Self.explorer(kind)
        explorer.press([.character("G"), .character("d"), .character("y")])
        #expect(try backend.loadRecord("Human:1000") == nil)
        explorer.press([.character("u")])
        #expect(try backend.loadRecord("Human:1000") != nil)
        let log = try #require(backend.writeLog)
        let entries = try log.entries(0..<10)
        #expect(entries.map(\.origin) == ["delete", "undo"])
        #expect(entries[0].records.map(\.kind) == [.removed])
        #expect(entries[1].records.map(\.kind) == [.added])
        #expect(entries[1].records.first?.fields.contains(FieldDelta(field: "name", before: nil, after: .string("Luke"))) == true)
        explorer.press([.character("L")])
        guard case .log(let list) = explorer.state.mode else { Issue.record("the log is not open"); return }
        #expect(list.rows.first?.position == 1, "newest first")
    }

    /// Records removed or added whole are written out when the entry is first read: they must
    /// be what was removed or added, every field, in the log's key order (by bytes).
    @Test(arguments: CacheKind.allCases)
    func recordsRemovedAndRestoredWholeAreEntriesInKeyOrderWithEveryField(_ kind: CacheKind) throws {
        let people = [10, 2, 1].map { Record(key: CacheKey("Human:\($0)"), ["__typename": .string("Human"), "id": .int($0)]) }
        let backend = StoreBackend(cache: kind.makeCache(Self.records + people), sourceName: "log")
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        explorer.press([.character("D")] + Key.sequence(from: "Human:") + [.enter, .character("y"), .character("u")])
        let entries = try #require(backend.writeLog).entries(0..<10)
        #expect(entries.map(\.origin) == ["delete", "undo"])
        let keys: [CacheKey] = ["Human:1", "Human:10", "Human:1000", "Human:2"]
        let removed = keys.map { key in
            let record = (Self.records + people).first { $0.key == key }!
            return RecordDelta(key: key, kind: .removed, typename: "Human",
                               fields: record.fields.keys.sorted().map { FieldDelta(field: $0, before: record.fields[$0], after: nil) })
        }
        #expect(entries.first?.records == removed)
        #expect(entries.last?.records.map(\.key) == keys)
        #expect(entries.last?.records.allSatisfy { $0.kind == .added && $0.fields.count == 2 } == true)
    }

    @Test(arguments: CacheKind.allCases)
    func enterOnARecordRowOpensTheRecord(_ kind: CacheKind) throws {
        var (explorer, _) = Self.explorer(kind)
        Self.editName(&explorer, to: "Artoo")
        explorer.press([.character("L"), .enter, .character("j"), .enter])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.record?.key == "Droid:2001")
    }

    @Test(arguments: CacheKind.allCases)
    func theFilterKeepsEntriesWhoseOriginOrKeysContainIt(_ kind: CacheKind) throws {
        var (explorer, _) = Self.explorer(kind)
        Self.editName(&explorer, to: "Artoo")
        explorer.press([.character("G"), .character("d"), .character("y")])
        explorer.press([.character("L"), .character("/")] + Key.sequence(from: "Human") + [.enter])
        guard case .log(let list) = explorer.state.mode else { Issue.record("the log is not open"); return }
        #expect(list.matchCount == 1)
        #expect(Self.logText(explorer).contains("delete"))
        explorer.press([.character("/"), .control("u")] + Key.sequence(from: "edit") + [.enter])
        guard case .log(let edits) = explorer.state.mode else { Issue.record("the log is not open"); return }
        #expect(edits.matchCount == 1)
        #expect(edits.rows.first?.position == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func goingBackRestoresAsOneUndoableLoggedChange(_ kind: CacheKind) throws {
        var (explorer, backend) = Self.explorer(kind)
        Self.editName(&explorer, to: "Artoo")
        Self.editName(&explorer, to: "Detoo")
        explorer.press([.character("G"), .character("d"), .character("y")])
        // Entries: #1 Artoo, #2 Detoo, #3 delete Human:1000. Go back to #1.
        explorer.press([.character("L"), .character("G"), .character("b")])
        guard case .confirm(.goBack(0, 2)) = explorer.state.mode else { Issue.record("no confirmation: \(explorer.state.mode)"); return }
        explorer.press([.character("y")])
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .string("Artoo"))
        #expect(try backend.loadRecord("Human:1000")?["name"] == .string("Luke"))
        let log = try #require(backend.writeLog)
        #expect(try log.entries(3..<4).first?.origin == "go back to #1")
        explorer.press([.character("u")])
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .string("Detoo"))
        #expect(try backend.loadRecord("Human:1000") == nil)
        #expect(log.entryCount == 5)
    }

    @Test(arguments: CacheKind.allCases)
    func asOfHereIsAReadOnlyViewThatChangesNothing(_ kind: CacheKind) throws {
        var (explorer, backend) = Self.explorer(kind)
        Self.editName(&explorer, to: "Artoo")
        explorer.press([.character("G"), .character("d"), .character("y")])
        explorer.press([.character("L"), .character("G"), .character("o")])
        #expect(explorer.state.readOnly)
        #expect(explorer.state.sourceName == "log as of #1")
        #expect(try explorer.backend.loadRecord("Human:1000")?["name"] == .string("Luke"))
        #expect(try explorer.backend.loadRecord("Droid:2001")?["name"] == .string("Artoo"))
        #expect(try backend.loadRecord("Human:1000") == nil, "the data itself is unchanged")
        explorer.press([.escape])
        #expect(!explorer.state.readOnly)
        #expect(explorer.state.sourceName == "log")
        #expect(backend.writeLog?.entryCount == 2)
    }

    /// Another process's commit is an `external` entry. A new row is `added` when the cache's
    /// change tracker says the key had no row (its key listing was current), as `cachelens
    /// explore` wires it; without that word the log cannot know the key was new and says its
    /// before was not seen, never `added`.
    @Test(arguments: [true, false])
    func anotherProcessesCommitIsAnExternalEntry(trackerSays: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let writer = try SQLiteNormalizedCache(path: path)
        _ = try writer.merge(records: RecordSet(records: Self.records))
        let cache = try SQLiteNormalizedCache(path: path)
        cache.keepExternalBeforeImages()
        let plain = WriteLog.Rows.encoding(cache)
        let rows = WriteLog.Rows(each: plain.each, current: plain.current, ordered: plain.ordered,
                                 externalBefore: { trackerSays ? cache.takeExternalBeforeImages($0) : [:] })
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "shared", logRows: rows),
                                size: Size(width: 100, height: 30))
        let log = try #require((explorer.backend as? StoreBackend)?.writeLog)
        _ = try writer.merge(records: RecordSet(records: [Record(key: "Human:1003", ["__typename": .string("Human"), "name": .string("Leia")])]))
        explorer.turn(nil, pollingExternalChanges: true)
        let entries = try log.entries(0..<10)
        #expect(entries.map(\.origin) == ["external"])
        #expect(entries.first?.records.map(\.key) == ["Human:1003"])
        #expect(entries.first?.records.first?.kind == (trackerSays ? .added : .changed))
        #expect(entries.first?.records.first?.beforeUnknown == !trackerSays)
    }

    @Test func aJournalIsPagedFromTheFileAndAppendedTo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        _ = try cache.merge(records: RecordSet(records: Self.records))
        let backend = StoreBackend(cache: cache, sourceName: "cache.sqlite")
        let log = try #require(backend.writeLog)
        let journal = directory.path("cache.journal")
        #expect(try log.attachJournal(path: journal, cachePath: path) == [])
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        Self.editName(&explorer, to: "Artoo")
        let reader = try JournalReader(path: journal)
        #expect(reader.entryCount == 1)
        #expect(try reader.entries(0..<1).first?.origin == "edit")
        #expect(log.entryCount == 1)
    }

    @Test func anotherCachesJournalIsRefused() throws {
        let directory = try TemporaryDirectory()
        let journal = directory.path("other.journal")
        _ = try JournalWriter(path: journal, cachePath: directory.path("other.sqlite"), digest: CacheDigest())
        let backend = StoreBackend(cache: CacheKind.memory.makeCache(Self.records), sourceName: "mine")
        #expect(throws: GraphQLCacheError.self) {
            try backend.writeLog?.attachJournal(path: journal, cachePath: directory.path("mine.sqlite"))
        }
    }

    @Test(arguments: CacheKind.allCases)
    func theRecordPanesLogKeyShowsThatRecordsHistoryOpened(_ kind: CacheKind) throws {
        var (explorer, _) = Self.explorer(kind)
        Self.editName(&explorer, to: "Artoo")
        explorer.press([.character("G"), .character("d"), .character("y")])
        Self.editName(&explorer, to: "Detoo")
        explorer.press([.character("g"), .character("j"), .enter, .character("L")])
        guard case .log(let list) = explorer.state.mode else { Issue.record("the log is not open"); return }
        #expect(list.filter == "Droid:2001")
        #expect(list.matchCount == 2, "the delete of Human:1000 is not this record's")
        let screen = Self.logText(explorer)
        #expect(screen.contains("name: \"Artoo\" → \"Detoo\""))
        #expect(screen.contains("name: \"R2-D2\" → \"Artoo\""))
    }

    @Test func aWatchsFetchIsLoggedUnderItsName() throws {
        let server = ScriptedTransport()
        let response = #"{"data":{"human":{"__typename":"Human","id":"1003","name":"Leia"}}}"#
        guard case .object(let json) = try JSONValue.parse(response) else { throw ExplorerError.invalid(response) }
        server.enqueue(try TransportResponse(json: json))
        let cache = InMemoryNormalizedCache(records: RecordSet(records: Self.records))
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: server), browsing: cache,
                                   sourceName: "log", usesNetwork: true)
        try backend.addWatch(name: nil, document: "query Leia { human(id: 1003) { __typename id name } }", variables: "")
        let entries = try #require(backend.writeLog).entries(0..<10)
        #expect(entries.map(\.origin) == ["fetch Leia"])
        #expect(entries.first?.records.contains { $0.kind == .added && $0.fieldsAfter["name"] == .string("Leia") } == true)
    }

    @Test(arguments: CacheKind.allCases)
    func enterOnAReferenceInAnEntryFollowsIt(_ kind: CacheKind) throws {
        var (explorer, backend) = Self.explorer(kind)
        _ = try backend.write([Record(key: .queryRoot, ["hero": .reference("Human:1000")])])
        explorer.press([.character("L"), .enter, .character("j"), .character("j")])
        guard case .log(let list) = explorer.state.mode else { Issue.record("the log is not open"); return }
        #expect(list.selectedRow?.key == "Human:1000")
        #expect(explorer.render().text.contains("hero: Droid:2001 → Human:1000"))
        explorer.press([.enter])
        #expect(explorer.state.record?.key == "Human:1000")
    }

    @Test func aJournalMissingCommitsSaysSoAndGoingBackAcrossTheGapIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite"), journal = directory.path("cache.journal")
        let cache = try SQLiteNormalizedCache(path: path)
        _ = try cache.merge(records: RecordSet(records: Self.records))
        // A journal of this file with one entry, after which the file changed unrecorded.
        let first = StoreBackend(cache: cache, sourceName: "cache.sqlite")
        try #require(first.writeLog).attachJournal(path: journal, cachePath: path)
        _ = try first.write([Record(key: "Droid:2001", ["name": .string("Artoo")])])
        _ = try cache.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Unrecorded")])]))

        let backend = StoreBackend(cache: try SQLiteNormalizedCache(path: path), sourceName: "cache.sqlite")
        let log = try #require(backend.writeLog)
        #expect(try log.attachJournal(path: journal, cachePath: path) == [.cacheChangedSinceLastEntry(entries: 1)])
        #expect(log.gapPositions == [1])
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        Self.editName(&explorer, to: "Detoo")
        explorer.press([.character("L"), .character("G"), .character("b"), .character("y")])
        #expect(explorer.state.message?.isError == true)
        #expect(explorer.state.message?.text.contains("cannot go back across") == true)
        #expect(try backend.loadRecord("Droid:2001")?["name"] == .string("Detoo"))
    }
}
