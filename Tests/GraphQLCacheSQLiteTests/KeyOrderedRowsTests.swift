import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// A SQLite file's rows in key byte order, a page at a time, as one state of the file.
@Suite struct KeyOrderedRowsTests {
    @Test func rowsComeInByteOrderAcrossPages() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let keys = (0..<25).map { "K\($0)" } + ["QUERY_ROOT", "a", "\u{E9}", "e\u{301}"]
        try SQLiteTestFile.apolloFile(at: path, rows: keys.reversed().map { ($0, #"{"x":1}"#) })
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let rows = try cache.rowsInKeyOrder(pageSize: 4)
        var seen: [String] = []
        while let row = try rows.next() { seen.append(row.key.rawValue) }
        #expect(seen == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(seen.count == keys.count)
    }

    @Test func aScanSeesOneStateWhileAnotherConnectionCommits() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let writer = try SQLiteNormalizedCache(path: path)
        try writer.merge(records: RecordSet(records: (0..<10).map { Record(key: CacheKey("K\($0)"), ["x": .int($0)]) }))
        let reader = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let rows = try reader.rowsInKeyOrder(pageSize: 3)
        _ = try rows.next()
        try writer.merge(records: RecordSet(records: [Record(key: "K9", ["x": .int(99)]), Record(key: "Z", ["x": .int(1)])]))
        var rest: [KeyedRow] = []
        while let row = try rows.next() { rest.append(row) }
        #expect(rest.count == 9)
        #expect(try rest.last?.fields() == ["x": .int(9)])
    }

    /// The next page is read ahead on a thread of its own: a file whose rows fill the pages
    /// exactly ends on an empty page, and every row comes once, in order.
    @Test(arguments: [1, 4, 5, 12])
    func readingAheadLosesAndRepeatsNoRow(pageSize: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let keys = (0..<12).map { "K\($0 + 10)" }
        try SQLiteTestFile.apolloFile(at: path, rows: keys.map { ($0, #"{"x":1}"#) })
        let rows = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)).rowsInKeyOrder(pageSize: pageSize)
        var seen: [String] = []
        while let row = try rows.next() { seen.append(row.key.rawValue) }
        #expect(seen == keys)
        #expect(try rows.next() == nil)
    }

    /// A walk given up half way (a diff stopped early) ends its read transaction once its read
    /// ahead is done, so the file's writers are not kept waiting by a reader nobody holds.
    @Test func aWalkGivenUpHalfWayLetsWritersCommit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: (0..<20).map { ("K\($0 + 10)", #"{"x":1}"#) })
        var rows: SQLiteKeyOrderedRows? = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)).rowsInKeyOrder(pageSize: 4)
        _ = try rows?.next()
        rows = nil
        let writer = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: 2_000))
        try writer.merge(records: RecordSet(records: [Record(key: "K1", ["x": .int(2)])]))
        #expect(try writer.loadRecords(forKeys: ["K1"])["K1"]?.fields == ["x": .int(2)])
    }

    @Test func brokenRowsComeAsBroken() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A", #"{"x":1}"#)])
        try SQLiteTestFile.run("INSERT INTO records (key, record) VALUES ('B', NULL)", at: path)
        let rows = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)).rowsInKeyOrder()
        _ = try rows.next()
        guard case .broken? = try rows.next()?.content else { Issue.record("B is not broken"); return }
        #expect(try rows.next() == nil)
    }
}
