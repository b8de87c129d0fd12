@testable import CacheExplorer
import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// The digest a journal needs, followed through another process's commit to rows whose before
/// nobody saw: each row's share of it is kept (`RowHashes`), so the digest stays exact without
/// reading every row again; past the shares' limit it is counted again, before the entry is
/// written. Either way a key the shares do not hold is `added`, one they hold is changed with
/// its before not seen.
@Suite struct WriteLogDigestTests {
    /// A log over `cache` counting its whole reads, another process's changes heard by hand.
    static func log(_ cache: any BrowsableNormalizedCache, shareLimit: Int, onWholeRead: @escaping @Sendable () -> Void) -> WriteLog {
        let plain = WriteLog.Rows.encoding(cache)
        let rows = WriteLog.Rows(each: { body in
            onWholeRead()
            try plain.each(body)
        }, current: plain.current, ordered: plain.ordered)
        return WriteLog(rows: rows, names: { _ in "external" }, holdingCommits: { try $0() }, shareLimit: shareLimit)
    }

    static func fresh(_ cache: any BrowsableNormalizedCache) throws -> CacheDigest {
        var digest = CacheDigest()
        try WriteLog.Rows.encoding(cache).each { digest.add(key: $0.key, json: $0.jsonBytes) }
        return digest
    }

    @Test(arguments: CacheKind.allCases, [RowHashes.rowLimit, 0])
    func aCommitToRowsNobodyReadKeepsTheDigestExact(_ kind: CacheKind, shareLimit: Int) throws {
        let cache = kind.makeCache(WriteLogTests.records)
        let reads = Mutex(0)
        let log = Self.log(cache, shareLimit: shareLimit) { reads.withLock { $0 += 1 } }
        _ = try log.digest()
        // Another process: one record rewritten, one new, one removed, none read by the log.
        try cache.merge(records: RecordSet(records: [
            Record(key: "Human:1000", ["name": .string("Luke S.")]),
            Record(key: "Human:1003", ["__typename": .string("Human"), "name": .string("Leia")]),
        ]))
        _ = try cache.removeRecord(for: "Droid:2001")
        log.heard(CacheChange(changedFields: [FieldKey(record: "Human:1000", field: "name"), FieldKey(record: "Human:1003", field: "name")],
                              removedRecords: ["Droid:2001"], origin: .external))
        let entry = try #require(try log.entries(0..<1).first)
        #expect(entry.records.map(\.key) == ["Droid:2001", "Human:1000", "Human:1003"])
        #expect(entry.records.map(\.kind) == [.removed, .changed, shareLimit > 0 ? .added : .changed])
        #expect(entry.records.map(\.beforeUnknown) == [true, true, shareLimit == 0])
        #expect(entry.digestAfter == (try Self.fresh(cache)))
        #expect(try log.digest() == (try Self.fresh(cache)))
        #expect(reads.withLock { $0 } == (shareLimit > 0 ? 1 : 2), "counted again only without the shares")
    }

    /// The table against a dictionary: random sets and removes (many collide on their home
    /// slots in a small table and move back when one before them goes), through growth.
    @Test func rowHashesAgreeWithADictionary() {
        var table = RowHashes(capacity: 4)
        var model: [CacheKey: UInt64] = [:]
        var generator = SystemRandomNumberGenerator()
        for step in 0..<20_000 {
            let key = CacheKey("K:\(UInt64.random(in: 0..<600, using: &generator))")
            if Bool.random(using: &generator) {
                let share = UInt64(step)
                let kept = table.set(share, for: key)
                #expect(kept)
                model[key] = share
            } else {
                let removed = table.remove(key)
                #expect(removed == model.removeValue(forKey: key))
            }
        }
        #expect(table.count == model.count)
        for index in 0..<600 {
            let key = CacheKey("K:\(index)")
            #expect(table.share(of: key) == model[key])
        }
    }

    @Test func rowHashesRefusePastTheirLimit() {
        var table = RowHashes(limit: 2)
        let first = [table.set(1, for: "A"), table.set(2, for: "B"), table.set(3, for: "A"), table.set(4, for: "C")]
        #expect(first == [true, true, true, false], "a key it holds is updated; a third is refused")
        #expect(table.share(of: "A") == 3)
    }
}
