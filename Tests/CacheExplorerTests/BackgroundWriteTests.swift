import Foundation
import CacheExplorer
import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Big changes run as background work (issue 27, 31): a delete by pattern of 1,000 records or
/// more starts, says what it does while it runs, ends in an undo step and a message naming what
/// it did, and its undo runs the same way; a small one stays on the UI thread.
@Suite struct BackgroundWriteTests {
    static let count = 1_500

    static func explorer(_ kind: CacheKind, in directory: TemporaryDirectory) throws -> (Explorer, StoreBackend) {
        let cache = try kind.makeCache(in: directory)
        var records = [Record(key: "Other:1", ["name": .string("kept")])]
        records += (0..<count).map { Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)")]) }
        try cache.merge(records: RecordSet(records: records))
        let backend = StoreBackend(cache: cache, sourceName: "items")
        return (Explorer(backend: backend, size: Size(width: 100, height: 30)), backend)
    }

    @Test(arguments: CacheKind.allCases)
    func aBigDeleteRunsInTheBackgroundAndItsUndoToo(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        var (explorer, backend) = try Self.explorer(kind, in: directory)
        explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
        // `send`, not `press`: a turn would apply the work's end if it came at once.
        explorer.send(.keyPressed(.character("y")))
        #expect(explorer.state.longWork?.label == "deleting 1,500 records")
        #expect(explorer.render().text.contains("deleting 1,500 records…"))
        explorer.settle()
        #expect(explorer.state.longWork == nil)
        #expect(try backend.keyCount(matching: nil) == 1)
        #expect(explorer.state.message?.text == "deleted 1,500 records; u undoes")
        #expect(explorer.state.undo.count == 1)
        explorer.send(.keyPressed(.character("u")))
        #expect(explorer.state.longWork?.label == "restoring 1,500 records")
        explorer.settle()
        #expect(try backend.keyCount(matching: nil) == Self.count + 1)
        #expect(explorer.state.message?.text == #"undone: delete "Item:" (1,500 records restored)"#)
        #expect(explorer.state.undo.isEmpty)
    }

    /// The delete reads each row once and hands it to the write log (`WriteLog.expect`): the
    /// log's entry names every deleted record with every field it held, as the log's own read
    /// would have, and its undo puts the same records back.
    @Test(arguments: CacheKind.allCases)
    func theWriteLogHoldsEveryFieldOfABigDeleteAndItsUndoRestoresThem(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        var (explorer, backend) = try Self.explorer(kind, in: directory)
        let log = try #require(backend.writeLog)
        let keys = (0..<Self.count).map { CacheKey("Item:\($0)") }
        let before = try backend.loadRecords(forKeys: Set(keys))
        explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
        explorer.send(.keyPressed(.character("y")))
        explorer.settle()
        let entry = try #require(try log.entries(0..<log.entryCount).last)
        #expect(entry.origin == "delete")
        #expect(entry.records.count == Self.count)
        #expect(entry.records.allSatisfy { $0.kind == .removed && !$0.beforeUnknown })
        let item7 = try #require(entry.records.first { $0.key == "Item:7" })
        #expect(item7.fields == [FieldDelta(field: "name", before: .string("item 7"), after: nil)])
        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(try backend.loadRecords(forKeys: Set(keys)) == before)
    }

    /// Rows that are not records (cut-short JSON) among a big delete are deleted and counted;
    /// the undo puts back every row as it was stored, the broken ones too (the delete kept
    /// the rows' bytes, `StoredRows`).
    @Test func aBigDeleteOverBrokenRowsDeletesThemAndItsUndoPutsBackEveryRowAsItWas() throws {
        let directory = try TemporaryDirectory()
        var (explorer, backend) = try Self.explorer(.sqlite, in: directory)
        let connection = try SQLiteConnection(path: directory.path("cache.sqlite"), readOnly: false, create: false,
                                              busyTimeoutMilliseconds: 5000)
        try connection.exec("UPDATE records SET record = '{\"name\": item' WHERE key IN ('Item:3', 'Item:700', 'Item:1499')",
                            context: "breaking three rows")
        try connection.exec("UPDATE records SET record = NULL WHERE key = 'Item:9'", context: "a NULL record")
        let before = try SQLiteTestFile.storedRows(at: directory.path("cache.sqlite"))
        explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
        explorer.send(.keyPressed(.character("y")))
        explorer.settle()
        #expect(explorer.state.message?.text == "deleted 1,496 records and 4 broken rows; u undoes")
        #expect(try backend.keyCount(matching: nil) == 1)
        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(explorer.state.message?.text == #"undone: delete "Item:" (1,496 records and 4 broken rows restored)"#)
        let after = try SQLiteTestFile.storedRows(at: directory.path("cache.sqlite"))
        #expect(after.count == before.count)
        #expect(after.first { before[$0.key] != $0.value } == nil)
        #expect(after["Item:700"] == .some(#"{"name": item"#))
        #expect(after["Item:9"] == .some(nil))
        // The broken rows are counted again, as the status bar shows them.
        let clock = ContinuousClock()
        let start = clock.now
        while backend.brokenRows.brokenKeys.count < 4, clock.now - start < .seconds(30) { Thread.sleep(forTimeInterval: 0.01) }
        #expect(Set(backend.brokenRows.brokenKeys) == ["Item:3", "Item:700", "Item:1499", "Item:9"])
        // The redo deletes them all again, the broken rows the undo put back too.
        explorer.send(.keyPressed(.control("r")))
        explorer.settle()
        #expect(explorer.state.message?.text == #"redone: delete "Item:"; u undoes"#)
        #expect(try backend.keyCount(matching: nil) == 1)
        #expect(backend.brokenRows.brokenKeys.isEmpty)
        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(try SQLiteTestFile.storedRows(at: directory.path("cache.sqlite")) == before)
    }

    /// The status bar's count of broken rows follows a big delete that took them, even when the
    /// store's change is applied before the delete's work has ended: the delete commits, the
    /// screen's turn takes the change in, and only then does the backend forget the rows it
    /// deleted (in the terminal the change comes whenever the screen's thread next turns).
    @Test func theBrokenRowCountFollowsABigDeleteWhoseChangeArrivesBeforeItsEnd() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.explorer(.sqlite, in: directory)
        try SQLiteTestFile.run("UPDATE records SET record = '{\"name\": item' WHERE key IN ('Item:3', 'Item:700')",
                               at: directory.path("cache.sqlite"))
        let backend = StoreBackend(cache: try SQLiteNormalizedCache(path: directory.path("cache.sqlite")), sourceName: "items")
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        #expect(explorer.state.brokenRows.brokenKeys.count == 2)
        // Holds the committing thread just after the change is posted, until the screen took it.
        let changePosted = DispatchSemaphore(value: 0), changeTaken = DispatchSemaphore(value: 0)
        backend.onChange { action in
            guard case .storeDidChange = action else { return }
            changePosted.signal()
            changeTaken.wait()
        }
        explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
        explorer.send(.keyPressed(.character("y")))
        #expect(changePosted.wait(timeout: .now() + 30) == .success)
        explorer.turn(nil)
        changeTaken.signal()
        explorer.settle()
        #expect(explorer.state.message?.text == "deleted 1,498 records and 2 broken rows; u undoes")
        #expect(explorer.state.brokenRows.brokenKeys.isEmpty)
        let statusBar = explorer.render().text.split(separator: "\n").first { $0.contains("BROWSE") }
        #expect(statusBar?.contains("broken") == false)
    }

    /// The undo of a delete kept as rows that a watch's refetch wrote after takes both back in
    /// one transaction, the rows then going back as records: the broken ones cannot, and the
    /// message says so.
    @Test func anUndoWithARefetchsWritesRestoresTheRecordsAndSaysWhichRowsCouldNotBe() throws {
        let directory = try TemporaryDirectory()
        var (explorer, backend) = try Self.explorer(.sqlite, in: directory)
        try SQLiteTestFile.run("UPDATE records SET record = '{\"name\": item' WHERE key = 'Item:3'", at: directory.path("cache.sqlite"))
        explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
        explorer.send(.keyPressed(.character("y")))
        explorer.settle()
        // What a watch's refetch would have written after the delete, filed with it.
        try backend.write([Record(key: "Fetched:1", ["name": .string("fetched")])])
        explorer.send(.watchWrote(WatchWrite(watch: "w1", cause: explorer.state.undo.last?.origin, previous: [], created: ["Fetched:1"])))
        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(explorer.state.message?.text
            == #"undone: delete "Item:" (1,499 records restored; 1 broken row could not be) and 1 record its watch refetch wrote"#)
        #expect(try backend.keyCount(matching: nil) == Self.count)
        #expect(try backend.keyCount(matching: "Fetched:") == 0)
    }

    /// With the log reading the file's stored JSON (as `cachelens explore` wires it) and its
    /// digest counted, a big delete and its undo (whose records the log takes as their rows
    /// after) leave the digest equal to one counted afresh from the file.
    @Test func theDigestFollowsABigDeleteAndItsUndoExactly() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("cache.sqlite"))
        try cache.merge(records: RecordSet(records: (0..<Self.count).map {
            Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)"), "price": .double(Double($0) / 3)])
        }))
        let rows = WriteLog.Rows(each: { body in
            let rows = try cache.rowsInKeyOrder()
            while let row = try rows.next() { try body(row) }
        }, current: { try cache.storedJSON(forKeys: $0) }, ordered: { try cache.rowsInKeyOrder() })
        let backend = StoreBackend(cache: cache, sourceName: "items", logRows: rows)
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        let log = try #require(backend.writeLog)
        _ = try log.digest()
        explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
        explorer.send(.keyPressed(.character("y")))
        explorer.settle()
        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(try backend.keyCount(matching: nil) == Self.count)
        let undo = try #require(try log.entries(0..<log.entryCount).last)
        #expect(undo.origin == "undo" && undo.records.count == Self.count && undo.records.allSatisfy { $0.kind == .added })
        var fresh = CacheDigest()
        try rows.each { fresh.add(key: $0.key, json: $0.jsonBytes) }
        #expect(try log.digest() == fresh)
    }

    @Test func aSmallDeleteStaysOnTheUIThread() throws {
        let directory = try TemporaryDirectory()
        var (explorer, backend) = try Self.explorer(.memory, in: directory)
        explorer.press([.character("D")] + "Other:".map(Key.character) + [.enter, .character("y")])
        #expect(explorer.state.longWork == nil)
        #expect(try backend.keyCount(matching: nil) == Self.count)
    }
}
