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
        var rows = try cache.rowsInKeyOrder(pageSize: 4)
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
        var rows = try reader.rowsInKeyOrder(pageSize: 3)
        _ = try rows.next()
        try writer.merge(records: RecordSet(records: [Record(key: "K9", ["x": .int(99)]), Record(key: "Z", ["x": .int(1)])]))
        var rest: [KeyedRow] = []
        while let row = try rows.next() { rest.append(row) }
        #expect(rest.count == 9)
        #expect(try rest.last?.fields() == ["x": .int(9)])
    }

    @Test func brokenRowsComeAsBroken() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A", #"{"x":1}"#)])
        try SQLiteTestFile.run("INSERT INTO records (key, record) VALUES ('B', NULL)", at: path)
        var rows = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)).rowsInKeyOrder()
        _ = try rows.next()
        guard case .broken? = try rows.next()?.content else { Issue.record("B is not broken"); return }
        #expect(try rows.next() == nil)
    }
}
