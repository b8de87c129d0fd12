import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GraphQLCache
import GraphQLCacheSQLite

/// The floor for benchmarks: the very SQL `SQLiteNormalizedCache` runs, straight through the
/// same connection code, on rows whose JSON is already encoded and without decoding what is
/// read. `cachelens-bench` prints each cache figure beside this one measured in the same run.
/// Its own module, outside `GraphQLCacheSQLite`: the library users get compiles no floor; it
/// reaches the connection through `GraphQLCacheSQLite`'s `package` statements (which alone
/// call SQLite), and only the bench and the tests link it.
package final class RawSQLiteBaseline {
    private let connection: SQLiteConnection

    /// Opens or creates a cache file exactly as `SQLiteNormalizedCache` does.
    package init(path: String) throws {
        connection = try SQLiteSchema.open(path: path, options: SQLiteNormalizedCache.Options())
    }

    /// Upserts `rows` (key, record JSON bytes) in one transaction.
    package func insert(_ rows: [(key: CacheKey, json: [UInt8])]) throws {
        try merge(comparing: ComparedRows([]), upserting: rows)
    }

    /// Records' keys and JSON laid out once, before a floor is timed, as the cache's merge has
    /// its encodings: one buffer the compares bind in place.
    package struct ComparedRows {
        fileprivate let keys: [CacheKey]
        fileprivate let bytes: [UInt8]
        fileprivate let spans: [Range<Int>]

        package init(_ rows: [(key: CacheKey, json: [UInt8])]) {
            keys = rows.map(\.key)
            var bytes: [UInt8] = [], spans: [Range<Int>] = []
            for row in rows {
                spans.append(bytes.count..<bytes.count + row.json.count)
                bytes.append(contentsOf: row.json)
            }
            self.bytes = bytes
            self.spans = spans
        }
    }

    /// A merge's statements, in one transaction as `SQLiteNormalizedCache.merge` runs them: the
    /// batched compares of `compared` (each record's JSON against its stored row; the rows
    /// returned are not decoded), then the upserts of `rows`. Returns how many rows the compares
    /// returned (absent or differing).
    @discardableResult
    package func merge(comparing compared: ComparedRows, upserting rows: [(key: CacheKey, json: [UInt8])]) throws -> Int {
        try connection.begin(immediate: true)
        do {
            var returned = 0
            try compared.bytes.withUnsafeBufferPointer { all in
                try SQLiteRows.selectDiffering(count: compared.keys.count, on: connection, record: { slot in
                    SQLiteRows.ComparedRecord(key: compared.keys[slot], json: UnsafeBufferPointer(rebasing: all[compared.spans[slot]]))
                }) { _, _ in returned += 1 }
            }
            for row in rows { try SQLiteRows.upsert(key: row.key, json: row.json, on: connection) }
            try connection.commit()
            return returned
        } catch {
            connection.rollback()
            throw error
        }
    }

    /// The keys of `records` in the order `SQLiteNormalizedCache.merge(records:)` walks them
    /// (by where each record's storage lies in memory): the order a floor must run its
    /// statements in to do what the cache's merge does.
    package static func mergeOrder(of records: RecordSet) -> [CacheKey] {
        let incoming = IncomingRecords(records)
        return incoming.positions.map(incoming.key(at:))
    }

    /// Reads the rows for `keys` with the cache's batched `IN` statements; returns the bytes read.
    @discardableResult
    package func select(keys: [CacheKey]) throws -> Int {
        var bytes = 0
        try SQLiteRows.select(keys: keys, on: connection) { _, json in bytes += json.count }
        return bytes
    }

    /// Deletes the rows whose key contains `pattern`, with the cache's statement (which notes
    /// the deleted keys as it goes), run alone as the cache runs it; returns how many.
    @discardableResult
    package func deleteMatching(_ pattern: String) throws -> Int {
        try SQLiteNormalizedCache.deleteRows(matching: pattern, on: connection).count
    }

    /// Apollo's own pattern delete, a plain `LIKE` (escaped here): the floor below the cache's
    /// Unicode-exact condition.
    @discardableResult
    package func deleteLike(_ pattern: String) throws -> Int {
        let sql = #"DELETE FROM "records" WHERE "key" LIKE ? ESCAPE '\'"#
        return try connection.withStatement(sql) { statement in
            statement.bind("%" + SQLiteNormalizedCache.escapeLike(pattern) + "%", at: 1)
            try statement.run()
            return connection.changes
        }
    }

    /// Moves every page of the write-ahead log into the file and has the next write start the
    /// log over: run before a measured write so that no run pays for a checkpoint that earlier
    /// runs' writes made due. `RESTART`, not `TRUNCATE`: the log file keeps its size, as it does
    /// between SQLite's own checkpoints, so that a measured commit does not also pay for the file
    /// system growing the log again (about a millisecond per 500 pages, on both sides alike).
    package func checkpoint() throws {
        try connection.exec("PRAGMA wal_checkpoint(RESTART)", context: "checkpointing")
    }

    /// Counts the rows whose text contains `text` (ASCII case-insensitive `LIKE`, one
    /// statement over the whole table): the floor of a value search.
    package func keysContaining(_ text: String) throws -> Int {
        let sql = #"SELECT "key" FROM "records" WHERE "record" LIKE ? ESCAPE '\'"#
        return try connection.withStatement(sql) { statement in
            statement.bind("%" + SQLiteNormalizedCache.escapeLike(text) + "%", at: 1)
            var count = 0
            while try statement.step() { count += 1 }
            return count
        }
    }

    /// Reads every row's key and text (not decoded); returns the bytes read: the floor of any
    /// whole-file scan.
    @discardableResult
    package func scanAll() throws -> Int {
        try connection.withStatement(#"SELECT "key", "record" FROM "records""#) { statement in
            var bytes = 0
            while try statement.step() { bytes += statement.byteCount(0) + statement.byteCount(1) }
            return bytes
        }
    }

    /// Deletes every row.
    package func clear() throws {
        try connection.exec(#"DELETE FROM "records""#, context: "clearing the records")
    }
}

extension RawSQLiteBaseline {
    /// Reads every row's key and text in key order (through the key index), not decoded;
    /// returns the bytes read: the floor of a diff, which walks two files in key order.
    @discardableResult
    package func scanAllInKeyOrder() throws -> Int {
        try connection.withStatement(#"SELECT "key", "record" FROM "records" ORDER BY "key""#) { statement in
            var bytes = 0
            while try statement.step() { bytes += statement.byteCount(0) + statement.byteCount(1) }
            return bytes
        }
    }
}

extension RawSQLiteBaseline {
    /// Reads every row and finds each reference in its text (`{"$reference":"`, its `$` with `memchr`,
    /// the key up to its closing quote), counting the referenced keys' bytes: the least a
    /// garbage collection must do, which reads every row's references, where `scanAll` only
    /// reads the rows.
    @discardableResult
    package func scanReferences() throws -> Int {
        let marker = Array(#"{"$reference":""#.utf8)
        return try connection.withStatement(#"SELECT "key", "record" FROM "records""#) { statement in
            var bytes = 0
            while try statement.step() {
                bytes += statement.byteCount(0)
                bytes += statement.withBytes(1) { json in Self.referencedBytes(json, marker: marker) } ?? 0
            }
            return bytes
        }
    }

    /// The bytes of the keys referenced in `json`: each `$` found with `memchr`, kept when
    /// `{"$reference":"` is around it.
    private static func referencedBytes(_ json: UnsafeBufferPointer<UInt8>, marker: [UInt8]) -> Int {
        guard let base = json.baseAddress else { return 0 }
        var total = 0, position = 2
        while position < json.count, let hit = memchr(base + position, Int32(UInt8(ascii: "$")), json.count - position) {
            let dollar = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            position = dollar + 1
            let start = dollar - 2
            guard start + marker.count <= json.count,
                  marker.withUnsafeBufferPointer({ memcmp(base + start, $0.baseAddress!, $0.count) }) == 0 else { continue }
            var end = start + marker.count
            let first = end
            while end < json.count, json[end] != UInt8(ascii: "\"") { end += 1 }
            total += end - first
            position = end
        }
        return total
    }
}
