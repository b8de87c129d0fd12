@testable import CacheExplorer
@testable import CacheLensCLI
import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// The app's change to a record the user is looking at, as the write log shows it: with each
/// field's value before and after, although the log itself never touched the record (the
/// before-image comes from the rows the screen read).
@Suite struct ExternalLogEntryTests {
    static let records: [Record] = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2")]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke")]),
    ]

    /// With a journal too: the digest's kept shares then check the screen's image, which must
    /// be the row the digest holds.
    @Test(arguments: [false, true])
    func anotherProcessesChangeToARecordOnScreenHasItsFieldsBefore(journal: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let app = try SQLiteNormalizedCache(path: path)
        try app.merge(records: RecordSet(records: Self.records))
        let backend = try ExplorerFiles.openBackend(path: path, options: ExplorerFiles.Options())
        if journal { try #require((backend as? StoreBackend)?.writeLog).attachJournal(path: directory.path("app.journal"), cachePath: path) }
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        explorer.press([.character("/")] + Key.sequence(from: "Human") + [.enter, .enter])
        #expect(explorer.render().text.contains("Luke"), "the record is on screen")
        try app.merge(records: RecordSet(records: [Record(key: "Human:1000", ["name": .string("Luke S.")])]))
        explorer.turn(nil, pollingExternalChanges: true)
        let log = try #require((explorer.backend as? StoreBackend)?.writeLog)
        let entries = try log.entries(0..<10)
        #expect(entries.map(\.origin) == ["external"])
        #expect(entries.first?.records == [RecordDelta(key: "Human:1000", kind: .changed, typename: "Human",
                                                       fields: [FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S."))])])
    }

    /// A file of `records` and sixty items, open as `cachelens explore` opens it, its first page
    /// drawn (the rows the screen read are followed; `Item:59` is not among them).
    static func openWithItems(_ directory: TemporaryDirectory) throws -> (String, Explorer) {
        let path = directory.path("app.sqlite")
        let items = (0..<60).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "name": .string("item \($0)")]) }
        try SQLiteNormalizedCache(path: path).merge(records: RecordSet(records: Self.records + items))
        let backend = try ExplorerFiles.openBackend(path: path, options: ExplorerFiles.Options())
        let explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        #expect(!explorer.render().text.contains("Item:59"), "the row is not on screen")
        return (path, explorer)
    }

    /// What an app re-saving a record does (`INSERT OR REPLACE` gives the row a new rowid).
    static let replaceItem59 = #"INSERT OR REPLACE INTO records (key, record) VALUES ('Item:59', '{"__typename":"Item","name":"renamed"}');"#

    static let unseenItem59 = RecordDelta(key: "Item:59", kind: .changed, typename: "Item", fields: [
        FieldDelta(field: "__typename", before: nil, after: .string("Item")),
        FieldDelta(field: "name", before: nil, after: .string("renamed")),
    ], beforeUnknown: true)

    /// A record that existed but that neither the log nor the screen read, replaced by another
    /// process: not `added` (it was there), changed with its fields before not seen; a row that
    /// is new in the same commit is still `added`.
    @Test func anAppReplacingARowNobodyReadIsChangedWithItsBeforeNotSeen() throws {
        let directory = try TemporaryDirectory()
        var (path, explorer) = try Self.openWithItems(directory)
        try SQLiteTestFile.run("BEGIN; " + Self.replaceItem59 + #"""
            INSERT INTO records (key, record) VALUES ('Item:500', '{"__typename":"Item","name":"new"}'); COMMIT;
            """#, at: path)
        explorer.turn(nil, pollingExternalChanges: true)
        let log = try #require((explorer.backend as? StoreBackend)?.writeLog)
        let entries = try log.entries(0..<10)
        #expect(entries.map(\.origin) == ["external"])
        #expect(entries.first?.records == [
            RecordDelta(key: "Item:500", kind: .added, typename: "Item", fields: [
                FieldDelta(field: "__typename", before: nil, after: .string("Item")),
                FieldDelta(field: "name", before: nil, after: .string("new")),
            ]),
            Self.unseenItem59,
        ])
    }

    /// A row nobody read, removed by another process (found against the key listing): logged
    /// as removed with its before not seen (it was left out of the log before), shown so.
    @Test func anAppRemovingARowNobodyReadIsRemovedWithItsBeforeNotSeen() throws {
        let directory = try TemporaryDirectory()
        var (path, explorer) = try Self.openWithItems(directory)
        try SQLiteTestFile.run("DELETE FROM records WHERE key = 'Item:59';", at: path)
        explorer.turn(nil, pollingExternalChanges: true)
        let log = try #require((explorer.backend as? StoreBackend)?.writeLog)
        #expect(try log.entries(0..<10).map(\.records) == [[RecordDelta(key: "Item:59", kind: .removed, typename: nil, fields: [],
                                                                           beforeUnknown: true)]])
        explorer.press([.character("L"), .enter])
        #expect(explorer.render().text.contains("- Item:59  before not seen"))
    }

    /// Going back (or looking) across an entry whose before is not known is refused, naming the
    /// record and the entry, and deletes nothing: undoing the entry as if the record had been
    /// added would delete a record that existed.
    @Test func timeTravelAcrossABeforeNotSeenIsRefusedAndDeletesNothing() throws {
        let directory = try TemporaryDirectory()
        var (path, explorer) = try Self.openWithItems(directory)
        let backend = try #require(explorer.backend as? StoreBackend)
        _ = try backend.write([Record(key: "Human:1000", ["name": .string("Luke S.")])])
        try SQLiteTestFile.run(Self.replaceItem59, at: path)
        explorer.turn(nil, pollingExternalChanges: true)
        let log = try #require(backend.writeLog)
        #expect(try log.entries(0..<10).last?.records == [Self.unseenItem59])
        #expect {
            try log.states(asOf: 0)
        } throws: { error in
            "\(error)".contains("the value of Item:59 before entry #2 is not known: cannot go back across it")
        }
        explorer.press([.character("L"), .character("G"), .character("b"), .character("y")])
        #expect(explorer.state.message?.isError == true)
        #expect(explorer.state.message?.text.contains("Item:59 before entry #2 is not known") == true)
        #expect(try backend.loadRecord("Item:59")?["name"] == .string("renamed"), "nothing deleted")
        #expect(try backend.loadRecord("Human:1000")?["name"] == .string("Luke S."), "nothing restored")
        explorer.press([.escape, .character("L"), .character("G"), .character("o")])
        #expect(explorer.state.message?.text.contains("Item:59 before entry #2 is not known") == true)
        #expect(explorer.state.readOnly == false, "no as-of view opened")
    }

    /// With a journal attached the digest follows another process's commits without reading
    /// the cache again: a row known to be new is counted in; a row replaced whose old bytes
    /// nobody kept is taken out by the share of the digest kept for it.
    @Test func theDigestFollowsANewRowAndAReplacedUnreadRowWithoutARecount() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let items = (0..<60).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "name": .string("item \($0)")]) }
        try SQLiteNormalizedCache(path: path).merge(records: RecordSet(records: Self.records + items))
        let sqlite = try SQLiteNormalizedCache(path: path)
        let reads = Mutex(0)
        var rows = ExplorerFiles.storedRows(sqlite)
        let each = rows.each
        rows.each = { body in
            reads.withLock { $0 += 1 }
            try each(body)
        }
        let backend = ExplorerFiles.backend(sqlite, name: "app.sqlite", options: ExplorerFiles.Options(), logRows: rows)
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        let log = try #require(backend.writeLog)
        try log.attachJournal(path: directory.path("app.journal"), cachePath: path)
        _ = explorer.render()
        #expect(reads.withLock { $0 } == 1)
        func fresh() throws -> CacheDigest {
            var digest = CacheDigest()
            try ExplorerFiles.storedRows(try SQLiteNormalizedCache(path: path)).each { digest.add(key: $0.key, json: $0.jsonBytes) }
            return digest
        }
        try SQLiteTestFile.run(#"INSERT INTO records (key, record) VALUES ('Item:500', '{"__typename":"Item","name":"new"}');"#, at: path)
        explorer.turn(nil, pollingExternalChanges: true)
        _ = explorer.render()
        #expect(log.entryCount == 1)
        #expect(reads.withLock { $0 } == 1, "a new row is counted in; nothing is read again")
        #expect(try log.digest() == fresh())
        try SQLiteTestFile.run(Self.replaceItem59, at: path)
        explorer.turn(nil, pollingExternalChanges: true)
        #expect(log.entryCount == 2)
        #expect(reads.withLock { $0 } == 1, "the old row's share was kept: nothing is read again")
        #expect(try log.entries(1..<2).first?.records == [Self.unseenItem59], "read back from the journal")
        #expect(try log.digest() == fresh(), "exact although the old row was never read")
        #expect(try log.entries(1..<2).first?.digestAfter == fresh(), "the entry's digest after is the cache's")
    }
}
