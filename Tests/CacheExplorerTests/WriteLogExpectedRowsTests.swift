@testable import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Synchronization
import Testing

/// `WriteLog.expect`: rows a writer read just before its commit serve as the log's
/// before-images for that commit only (named by its origin); any other commit reads its own,
/// and the next commit, whichever it is, forgets them. The handed rows here say what the cache
/// does not, so that the entry shows which were used.
@Suite struct WriteLogExpectedRowsTests {
    static let records = [Record(key: "Item:1", ["name": .string("stored 1")]), Record(key: "Item:2", ["name": .string("stored 2")])]

    static func handed(_ key: CacheKey) -> (rows: [CacheKey: [UInt8]], fields: [CacheKey: [String: CacheValue]]) {
        let fields: [String: CacheValue] = ["name": .string("handed")]
        return ([key: RecordJSON.encode(fields)], [key: fields])
    }

    static func witnessedStore() -> (CacheStore, WriteLog) { witnessedMemoryStore(records) }

    static func removalBefore(_ log: WriteLog, _ store: CacheStore, removing key: CacheKey, as origin: ChangeOrigin) throws -> CacheValue? {
        try store.withinReadWriteTransaction(origin: origin) { try $0.removeRecord(for: key) }
        let entry = try #require(try log.entries(0..<log.entryCount).last)
        return entry.records.first { $0.key == key }?.fields.first { $0.field == "name" }?.before
    }

    @Test func theCommitNamedByTheOriginTakesTheHandedRows() throws {
        let (store, log) = Self.witnessedStore()
        let origin = store.makeOrigin()
        let handed = Self.handed("Item:1")
        log.expect(rows: handed.rows, fields: handed.fields, committedAs: origin)
        #expect(try Self.removalBefore(log, store, removing: "Item:1", as: origin) == .string("handed"))
    }

    @Test func anotherCommitReadsItsOwnRowsAndTheHandedOnesAreForgotten() throws {
        let (store, log) = Self.witnessedStore()
        let expected = store.makeOrigin()
        let handed = Self.handed("Item:1")
        log.expect(rows: handed.rows, fields: handed.fields, committedAs: expected)
        #expect(try Self.removalBefore(log, store, removing: "Item:1", as: store.makeOrigin()) == .string("stored 1"))
        // Handed again for `Item:2`, then a commit of another origin: the expected one, coming
        // later, reads its own.
        let again = Self.handed("Item:2")
        log.expect(rows: again.rows, fields: again.fields, committedAs: expected)
        try store.withinReadWriteTransaction { try $0.merge(records: RecordSet(records: [Record(key: "User:1", ["name": .string("u")])])) }
        #expect(try Self.removalBefore(log, store, removing: "Item:2", as: expected) == .string("stored 2"))
    }

    /// Records handed as merged: one that had no row is logged from its own JSON, and the
    /// digest followed through it stays the cache's; one that had a row, and one whose JSON
    /// does not read back as its fields (a non-finite double is written as `null`), are read
    /// back as the log would.
    @Test func mergedRecordsWithoutARowAreLoggedAsTheirJSONAndTheDigestStaysExact() throws {
        let cache = CacheKind.sqlite.makeCache(Self.records)
        let asked = Mutex<[CacheKey]>([])
        let plain = WriteLog.Rows.encoding(cache)
        let rows = WriteLog.Rows(each: plain.each, current: { keys in
            asked.withLock { $0 += keys }
            return try plain.current(keys)
        }, ordered: plain.ordered)
        let store = CacheStore(cache: cache)
        let log = WriteLog(rows: rows, names: { _ in "undo" }, holdingCommits: { try $0() })
        store.setCommitWitness(log)
        _ = try log.digest()
        let merged = [Record(key: "Item:1", ["name": .string("again")]), Record(key: "Item:3", ["name": .string("new")]),
                      Record(key: "Item:4", ["score": .double(.nan)])]
        let origin = store.makeOrigin()
        log.expect(merging: merged, committedAs: origin)
        asked.withLock { $0 = [] }
        try store.withinReadWriteTransaction(origin: origin) { try $0.merge(records: RecordSet(records: merged)) }
        let entry = try #require(try log.entries(0..<log.entryCount).last)
        #expect(entry.records.map(\.key) == ["Item:1", "Item:3", "Item:4"])
        #expect(entry.records.map(\.kind) == [.changed, .added, .added])
        #expect(entry.records[1].fields == [FieldDelta(field: "name", before: nil, after: .string("new"))])
        #expect(entry.records[2].fields == [FieldDelta(field: "score", before: nil, after: .null)], "read back: written as null")
        let read = asked.withLock { $0 }
        #expect(read.filter { $0 == "Item:3" }.count == 1, "only its before-image was read")
        #expect(read.filter { $0 == "Item:1" }.count == 2 && read.filter { $0 == "Item:4" }.count == 2)
        var fresh = CacheDigest()
        try plain.each { fresh.add(key: $0.key, json: $0.jsonBytes) }
        #expect(try log.digest() == fresh)
    }
}
