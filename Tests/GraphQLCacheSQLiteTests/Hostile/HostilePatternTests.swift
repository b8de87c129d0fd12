import CacheTestSupport
import GraphQLCache
import Synchronization
import Testing
@testable import GraphQLCacheSQLite

/// Finding 1 of issue 15: patterns that SQLite's `LIKE` cannot judge (a NUL cuts it short, a
/// 50,000-character one is "too complex") give the in-memory cache's answer on SQLite too, the
/// removed keys are the ones reported, and subscribers are told.
@Suite struct HostilePatternTests {
    private let keys = ["apple", "banana", "cherry", "x\u{0}a", "Droid:2001"]

    /// The changes a store reports.
    private final class Changes: Sendable {
        let list = Mutex<[CacheChange]>([])
    }

    /// A store over a cache holding `keys`, and the changes it reports.
    private func store(_ kind: CacheKind, _ directory: TemporaryDirectory, keys: [String]) throws -> (CacheStore, Changes) {
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: RecordSet(records: keys.map { Record(key: CacheKey($0), ["x": .int(1)]) }))
        return (CacheStore(cache: cache), Changes())
    }

    /// Every key the store's cache holds.
    private func keys(_ store: CacheStore) throws -> Set<String> {
        let cache = try #require(store.cache as? any BrowsableNormalizedCache)
        return Set(try cache.keys(matching: nil, offset: 0, limit: cache.recordCount()).map(\.rawValue))
    }

    @Test(arguments: CacheKind.allCases)
    func aNulInThePatternMatchesOnlyKeysHoldingANul(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let (store, changes) = try store(kind, directory, keys: keys)
        let subscription = store.subscribe { change in changes.list.withLock { $0.append(change) } }
        defer { subscription.cancel() }

        #expect(try store.removeRecords(matching: "a\u{0}") == [])
        #expect(try store.removeRecords(matching: "\u{0}") == ["x\u{0}a"])
        #expect(try keys(store) == ["apple", "banana", "cherry", "Droid:2001"])
        #expect(changes.list.withLock { $0.map(\.removedRecords) } == [["x\u{0}a"]])
    }

    @Test(arguments: CacheKind.allCases)
    func aPatternOf50000CharactersRemovesTheKeysThatHoldIt(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "ab", count: 25_000)
        let (store, _) = try store(kind, directory, keys: ["K:" + long + "!", "K:" + long.dropLast(), "other"])
        #expect(try store.removeRecords(matching: long.uppercased()) == [CacheKey("K:" + long + "!")])
        #expect(try keys(store).count == 2)
    }

    @Test func whatIsLeftPlusWhatWasReportedRemovedIsWhatWasThereOnBothCaches() throws {
        let patterns = ["a\u{0}", "\u{0}", "A", "%", "_", "\\", String(repeating: "a", count: 2_000), "", "ERR"]
        for pattern in patterns {
            var outcomes: [Set<String>] = []
            for kind in CacheKind.allCases {
                let directory = try TemporaryDirectory()
                let (store, _) = try store(kind, directory, keys: keys + ["a%b", "a_b", "c\\d"])
                let before = try keys(store)
                let removed = Set(try store.removeRecords(matching: pattern).map(\.rawValue))
                let after = try keys(store)
                #expect(after.union(removed) == before && after.isDisjoint(with: removed), "\(kind) \(pattern.debugDescription)")
                outcomes.append(removed)
            }
            #expect(outcomes[0] == outcomes[1], "memory and SQLite disagree on \(pattern.debugDescription)")
        }
    }
}
