import CacheExplorer
import CacheTestSupport
import Dispatch
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// The write log on any size of cache, its digest (counted only when asked for, with commits
/// held back meanwhile), and the fresh copy `R` pulls.
@Suite struct WriteLogScaleTests {

    /// How the log reads `cache`, its first read held back by `gate`.
    static func rows(of cache: any BrowsableNormalizedCache, after gate: @escaping @Sendable () -> Void) -> WriteLog.Rows {
        let plain = WriteLog.Rows.encoding(cache)
        return WriteLog.Rows(each: { body in
            gate()
            try plain.each(body)
        }, current: plain.current, ordered: plain.ordered)
    }

    /// A commit that comes while the digest is being counted waits for the count: counted and
    /// then followed, it would be in the digest twice, and the journal would say the cache is
    /// another one.
    @Test(arguments: CacheKind.allCases)
    func aCommitDuringTheDigestsCountIsFollowedOnce(_ kind: CacheKind) throws {
        let cache = kind.makeCache(WriteLogTests.records)
        let counting = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let rows = Self.rows(of: cache) {
            counting.signal()
            release.wait()
        }
        let backend = StoreBackend(cache: cache, sourceName: "log", logRows: rows)
        let log = try #require(backend.writeLog)
        let counted = DispatchSemaphore(value: 0), wrote = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? log.digest()
            counted.signal()
        }
        counting.wait()
        DispatchQueue.global().async {
            _ = try? backend.write([Record(key: "Droid:2001", ["name": .string("Artoo")])])
            wrote.signal()
        }
        #expect(wrote.wait(timeout: .now() + 0.3) == .timedOut, "the commit waits for the count")
        release.signal()
        counted.wait()
        wrote.wait()
        var fresh = CacheDigest()
        try WriteLog.Rows.encoding(cache).each { fresh.add(key: $0.key, json: $0.jsonBytes) }
        #expect(try log.digest() == fresh)
        #expect(try log.entries(0..<10).map(\.origin) == ["edit"])
    }

    @Test(arguments: CacheKind.allCases)
    func aCacheOfMoreThanFiftyThousandRecordsKeepsALog(_ kind: CacheKind) throws {
        let items = (0..<50_001).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "id": .string("\($0)")]) }
        let backend = StoreBackend(cache: kind.makeCache(WriteLogTests.records + items), sourceName: "big")
        let log = try #require(backend.writeLog, "a log however big the cache")
        _ = try backend.write([Record(key: "Item:7", ["id": .string("seven")])])
        let entries = try log.entries(0..<10)
        #expect(entries.first?.records == [RecordDelta(key: "Item:7", kind: .changed, typename: "Item",
                                                       fields: [FieldDelta(field: "id", before: .string("7"), after: .string("seven"))])])
        #expect(entries.first?.digestAfter == nil, "no digest without a journal")
        #expect(try log.digest().rows == 50_004)
    }

    /// The digest only a journal needs is not counted on opening (a background read of the whole
    /// file competed with the user's first searches); once asked for, it is counted once and then
    /// followed commit by commit without reading the cache again.
    @Test(arguments: CacheKind.allCases)
    func theDigestIsCountedOnlyWhenAskedForThenFollowed(_ kind: CacheKind) throws {
        let cache = kind.makeCache(WriteLogTests.records)
        let reads = Mutex(0)
        let rows = Self.rows(of: cache) { reads.withLock { $0 += 1 } }
        let backend = StoreBackend(cache: cache, sourceName: "lazy", logRows: rows)
        let log = try #require(backend.writeLog)
        _ = try backend.write([Record(key: "Droid:2001", ["name": .string("Artoo")])])
        #expect(reads.withLock { $0 } == 0, "no whole read without a journal")
        #expect(try log.entries(0..<10).count == 1)
        let counted = try log.digest()
        #expect(reads.withLock { $0 } == 1)
        _ = try backend.write([Record(key: "Human:1000", ["name": .string("Luke S.")])])
        _ = try backend.remove(keys: ["Droid:2001"])
        let followed = try log.digest()
        #expect(reads.withLock { $0 } == 1, "followed, not counted again")
        #expect(followed != counted)
        var fresh = CacheDigest()
        try WriteLog.Rows.encoding(cache).each { fresh.add(key: $0.key, json: $0.jsonBytes) }
        #expect(followed == fresh)
        #expect(try log.entries(0..<10).last?.digestAfter == followed)
    }

    @Test(arguments: CacheKind.allCases)
    func theCopyRPullsIsLoggedAgainstTheOneItReplaces(_ kind: CacheKind) throws {
        let fresh = WriteLogTests.records.map { record in
            record.key == "Human:1000" ? Record(key: record.key, ["__typename": .string("Human"), "name": .string("Luke S.")]) : record
        }
        let environment = ExplorerEnvironment(
            openBackend: ExplorerEnvironment.isolated.openBackend, loadTheme: ExplorerEnvironment.isolated.loadTheme,
            readFile: ExplorerEnvironment.isolated.readFile, writeFile: ExplorerEnvironment.isolated.writeFile,
            pulledFrom: { _ in "Pixel 7 · com.example.app · databases/apollo.db" },
            repull: { _ in StoreBackend(cache: kind.makeCache(fresh), sourceName: "apollo.db", readOnly: true) })
        let stale = StoreBackend(cache: kind.makeCache(WriteLogTests.records), sourceName: "apollo.db", readOnly: true)
        var explorer = Explorer(backend: stale, size: Size(width: 100, height: 30), environment: environment)
        explorer.press([.character("R")])
        let log = try #require((explorer.backend as? StoreBackend)?.writeLog)
        #expect((explorer.backend as? StoreBackend) !== stale)
        let entries = try log.entries(0..<10)
        #expect(entries.map(\.origin) == ["pull again"])
        #expect(entries.first?.records == [RecordDelta(key: "Human:1000", kind: .changed, typename: "Human",
                                                       fields: [FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S."))])])
    }

    @Test(arguments: CacheKind.allCases)
    func theLogHoldsOnlyTheRowsChangesTouched(_ kind: CacheKind) throws {
        let items = (0..<1_000).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "id": .string("\($0)")]) }
        let backend = StoreBackend(cache: kind.makeCache(items), sourceName: "items")
        let log = try #require(backend.writeLog)
        #expect(try log.digest().rows == 1_000)
        #expect(log.heldRowCount == 0, "no copy of the cache")
        _ = try backend.remove(keys: ["Item:1", "Item:2"])
        #expect(log.heldRowCount == 2)
        #expect(try log.digest().rows == 998)
        #expect(try log.entries(0..<10).first?.records.map(\.kind) == [.removed, .removed])
    }

    @Test func aFilterHoldsAtMostItsLimitOfPositionsNewestFirst() throws {
        let backend = StoreBackend(cache: CacheKind.memory.makeCache(WriteLogTests.records), sourceName: "log")
        let log = try #require(backend.writeLog)
        for name in ["a", "b", "c", "d", "e"] { _ = try backend.write([Record(key: "Droid:2001", ["name": .string(name)])]) }
        _ = try backend.write([Record(key: "Human:1000", ["name": .string("Luke S.")])])
        let capped = try log.positions(matching: "droid", in: 0..<log.entryCount, limit: 3)
        #expect(capped.positions == [4, 3, 2])
        #expect(capped.more)
        let all = try log.positions(matching: "droid", in: 0..<log.entryCount, limit: 10)
        #expect(all.positions == [4, 3, 2, 1, 0])
        #expect(!all.more)
        #expect(try log.positions(matching: "droid", in: 3..<6, limit: 10).positions == [4, 3], "only the range asked")
    }
}
