import CacheTestSupport
import GraphQLCache
import Synchronization
import Testing

/// Removal by pattern with the SQLite cache's own key test (`KeyMatcher`, the registered
/// `cachelens_key_removed`), which notes the keys it deletes instead of `RETURNING` them: every
/// key that `KeyPattern` matches goes, no other, and the keys reported are the keys deleted,
/// for keys and patterns that a byte-wise search cannot judge alone (`k` and the Kelvin sign,
/// `;` and the Greek question mark, `` ` `` and the Greek varia, combining marks, NUL, `%`, `_`).
@Suite struct KeyMatcherRemovalTests {
    private static let keys = [
        "Item:1", "ITEM:10", "item:2", "Item:1\u{301}", "Itém:1", "Ünï:item:1", "x_item:1%",
        "Kelvin:1", "\u{212A}elvin:2", "kelvin:3", "Semi;colon", "Semi\u{37E}colon", "Back`tick", "Back\u{1FEF}tick",
        "nul\u{0}item:1", "item\u{0}:1", "Person:ünï", "Person:uni", "Cafe:e\u{301}", "日本:1", "a%b", "a_b", #"c\d"#, "",
    ]

    private static let patterns = [
        "item:1", "ITEM:1", "k", "K", "\u{212A}", "kelvin", ";", "\u{37E}", "`", "\u{1FEF}", ":e", "é", "ünï", "ÜNÏ",
        "\u{0}", "\u{0}item", "%", "_", #"\"#, "日本", "1", ":1", "item:10", "nomatch", "",
    ]

    /// The changes a store reports.
    private final class Changes: Sendable {
        let list = Mutex<[CacheChange]>([])
    }

    @Test(arguments: CacheKind.allCases)
    func eachPatternRemovesExactlyTheKeysKeyPatternMatches(kind: CacheKind) throws {
        for pattern in Self.patterns {
            let cache = kind.makeCache(Self.keys.map { Record(key: CacheKey($0), ["x": .int(1)]) })
            let matcher = KeyPattern(pattern)
            let expected = Set(Self.keys.map { CacheKey($0) }.filter { matcher.matches($0) })
            let removed = try cache.removeRecords(matching: pattern)
            #expect(removed == expected, "\(kind) \(pattern.debugDescription)")
            let left = Set(try cache.keys(matching: nil, offset: 0, limit: 100))
            #expect(left == Set(Self.keys.map { CacheKey($0) }).subtracting(expected), "\(kind) \(pattern.debugDescription)")
        }
    }

    /// One connection removes with pattern after pattern (the test prepares each pattern once
    /// and must notice a new one, even of the same length), each removal reporting its own keys.
    @Test(arguments: CacheKind.allCases)
    func successiveRemovalsOnOneCacheReportTheirOwnKeys(kind: CacheKind) throws {
        let keys = ["ab:1", "cd:1", "AB:2", "ef:3", "abcd"]
        let cache = kind.makeCache(keys.map { Record(key: CacheKey($0), ["x": .int(1)]) })
        #expect(try cache.removeRecords(matching: "cd") == ["cd:1", "abcd"])
        #expect(try cache.removeRecords(matching: "ab") == ["ab:1", "AB:2"])
        #expect(try cache.removeRecords(matching: "ab") == [])
        #expect(try cache.removeRecords(matching: "ef") == ["ef:3"])
        #expect(try cache.recordCount() == 0)
    }

    /// A store's subscribers are told exactly the removed keys, and a removal rolled back with
    /// its transaction leaves every row.
    @Test(arguments: CacheKind.allCases)
    func subscribersHearTheRemovedKeysAndARollbackKeepsTheRows(kind: CacheKind) throws {
        let store = kind.makeStore(Self.keys.map { Record(key: CacheKey($0), ["x": .int(1)]) })
        let changes = Changes()
        let subscription = store.subscribe { change in changes.list.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try store.withinReadWriteTransaction { transaction in
                #expect(try !transaction.removeRecords(matching: "k").isEmpty)
                throw Abandon()
            }
        }
        // Keys are bytes: `Semi;colon` and `Semi\u{37E}colon` are two keys though canonically
        // equivalent, as are the two `Back…tick`; the pattern matches both by text.
        let all = Set(Self.keys.map { CacheKey($0) })
        #expect(all.count == Self.keys.count)
        #expect(try store.loadRecords(forKeys: all).count == all.count)
        let removed = try store.removeRecords(matching: "k")
        #expect(removed == all.filter { KeyPattern("k").matches($0) })
        #expect(removed == ["Kelvin:1", "\u{212A}elvin:2", "kelvin:3", "Back`tick", "Back\u{1FEF}tick"])
        #expect(changes.list.withLock { $0.last?.removedRecords } == removed)
    }
}
