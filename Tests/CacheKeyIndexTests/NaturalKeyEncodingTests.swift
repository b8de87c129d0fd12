import GraphQLCache
import CacheTestSupport
@testable import CacheKeyIndex
import Testing

/// The key index's byte encoding and its radix sort agree with `NaturalOrder`, the one
/// definition of the order, on keys chosen to break them.
@Suite struct NaturalKeyEncodingTests {
    static let trickyKeys: [String] = [
        "", "0", "00", "000", "1", "01", "001", "10", "9", "a", "a0", "a00", "a01", "a1", "a1b", "a01b", "a1c",
        "a10", "a9z", "a/b", "a 1", "a.1", "a.01", "a.1.2", "a.1.10", "a.10.1", "QUERY_ROOT", "QUERY_ROOT.a",
        "QUERY_ROOT.2", "QUERY_ROOT.10", "QUERY_ROOTX", "QUERY_ROOT0", "QUERY_ROOT\u{301}", "QUERY_ROOT.\u{301}",
        "MUTATION_ROOT", "MUTATION_ROOT.x", "SUBSCRIPTION_ROOT", "SUBSCRIPTION_ROOT.9", "Item:1", "Item:2",
        "Item:10", "Item:010", "Item:0010", "Item:1a", "Item:1.2", "Item:1.10", "Item:", "Item:/", "Item::",
        "é", "e\u{301}", "ñ1", "日本:2", "日本:10", "日本:02", "Ä", "Z", "z", "/", ":", "\u{7F}", "\u{1}", "a\u{0}b",
        String(repeating: "1", count: 300), String(repeating: "0", count: 300) + "1", "a" + String(repeating: "0", count: 260) + "5",
        "a" + String(repeating: "9", count: 254), "a" + String(repeating: "9", count: 255), "a" + String(repeating: "1", count: 256),
        "x\u{FF}", "x9\u{FF}", "x09",
    ]

    private func encodedOrder(_ a: String, _ b: String) -> Int {
        let x = NaturalKeyEncoding.encode(CacheKey(a)), y = NaturalKeyEncoding.encode(CacheKey(b))
        return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in NaturalKeyEncoding.compare(x, y) } }
    }

    @Test func byteOrderOfEncodedKeysIsNaturalOrder() {
        for a in Self.trickyKeys {
            for b in Self.trickyKeys {
                #expect(encodedOrder(a, b).signum() == NaturalOrder.compare(a, b).signum(), "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
    }

    @Test func decodingGivesTheKeyBack() {
        for key in Self.trickyKeys {
            let encoded = NaturalKeyEncoding.encode(CacheKey(key))
            #expect(encoded.count <= NaturalKeyEncoding.maximumSize(key.utf8.count))
            #expect(encoded.withUnsafeBufferPointer(NaturalKeyEncoding.decodeKey) == CacheKey(key))
        }
    }

    @Test func sortedIndexListsKeysInNaturalOrder() {
        let keys = Array(Set(Self.trickyKeys + Self.randomKeys(count: 20_000, seed: 7)))
        let index = Self.sortedIndex(keys)
        #expect(index.keys(in: 0..<keys.count).map(\.rawValue) == keys.sorted(by: NaturalOrder.precedes))
    }

    /// The in-place radix sort over buckets big and small: 150,000 keys sharing long prefixes
    /// (`Item:` and digits of one length, the usual cache), runs of keys equal for eight bytes
    /// and more, and keys that end inside a chunk.
    @Test func aBigIndexOfSharedPrefixesSortsInNaturalOrder() {
        let items = (0..<120_000).map { "Item:\($0 * 7 % 120_000)" }
        let long = (0..<20_000).map { "QUERY_ROOT.hero(episode:\($0 % 97)).friends.\($0)" }
        let short = (0..<10_000).map { String($0 % 5_000, radix: 36) + ($0 < 5_000 ? "" : ".x") }
        let keys = Array(Set(items + long + short + Self.trickyKeys))
        let listed = Self.sortedIndex(keys).keys(in: 0..<keys.count).map(\.rawValue)
        let expected = keys.sorted(by: NaturalOrder.precedes)
        #expect(listed.count == expected.count)
        // The first place they differ, not two arrays of 150,000 keys in the failure.
        let first = listed.indices.first { $0 < expected.count && listed[$0] != expected[$0] }
        #expect(first == nil, "at \(first ?? 0): \(first.map { listed[$0] } ?? "") where \(first.map { expected[$0] } ?? "") belongs")
    }

    @Test func extremesAreTheFirstAndLastKeysOfTheOrder() {
        let keys = Array(Set(Self.trickyKeys + Self.randomKeys(count: 30_000, seed: 3)))
        var index = SortedKeyIndex()
        for key in keys { var raw = key; raw.withUTF8 { index.appendUnsorted($0) } }
        let sorted = keys.sorted(by: NaturalOrder.precedes).map { CacheKey($0) }
        let extremes = index.extremes(100)
        #expect(extremes.smallest == Array(sorted.prefix(100)))
        #expect(extremes.largest == Array(sorted.suffix(100)))
    }

    @Test func extremesOfAFewKeysAreTheFirstAndLastInNaturalOrder() {
        var index = SortedKeyIndex()
        let keys: [CacheKey] = ["b.10", "b.2", "QUERY_ROOT", "a", "b.1", "c", "MUTATION_ROOT", "b.9"]
        for key in keys { var raw = key.rawValue; raw.withUTF8 { index.appendUnsorted($0) } }
        let extremes = index.extremes(3)
        #expect(extremes.smallest == Array(keys.sorted().prefix(3)))
        #expect(extremes.largest == Array(keys.sorted().suffix(3)))
    }

    @Test func aMiddlePageOfUnsortedKeysIsTheSortedOrdersPage() {
        let keys = Array(Set(Self.randomKeys(count: 20_000, seed: 17)))
        var index = SortedKeyIndex()
        for key in keys { var raw = key; raw.withUTF8 { index.appendUnsorted($0) } }
        let sorted = keys.sorted(by: NaturalOrder.precedes).map { CacheKey($0) }
        for start in [0, 1, 5000, keys.count / 2, keys.count - 40, keys.count - 1] {
            let range = start..<min(start + 40, keys.count)
            let page = index.unsortedPage(range)
            #expect(page == Array(sorted[range]), "\(range)")
        }
        #expect(index.unsortedPage(keys.count..<(keys.count + 10)) == [])
    }

    @Test func filterPositionsMatchKeyPatternAndNarrowingAgrees() {
        let keys = Array(Set(Self.trickyKeys + Self.randomKeys(count: 5000, seed: 11)))
        let index = Self.sortedIndex(keys)
        let sorted = keys.sorted(by: NaturalOrder.precedes)
        for filter in ["item", "ITEM:1", "0", "é", "E\u{301}", "root.", "日本", "\u{212A}", "\u{37E}", "ñ", "ä", "\u{301}", "x\u{FF}"] {
            let pattern = KeyPattern(filter)
            let found = FilterScan(filter: filter, index: index).keys(in: 0..<keys.count)
            #expect(found.map(\.rawValue) == sorted.filter(pattern.matches), "\(filter)")
        }
        let broad = FilterScan(filter: "item:", index: index)
        _ = broad.finish()
        let narrowed = FilterScan(filter: "Item:1", index: index, narrowing: broad)
        #expect(narrowed.keys(in: 0..<keys.count) == FilterScan(filter: "item:1", index: index).keys(in: 0..<keys.count))
    }

    @Test func filteringEncodedASCIIKeysAgreesWithKeyPattern() {
        let ascii = (Self.trickyKeys + Self.randomKeys(count: 5000, seed: 13)).filter { key in
            key.utf8.allSatisfy { $0 < 0x80 } && !key.contains(String(repeating: "1", count: 32))
                && !key.contains(String(repeating: "0", count: 32)) && !key.contains(String(repeating: "9", count: 32))
        }
        let keys = Array(Set(ascii))
        let index = Self.sortedIndex(keys)
        let sorted = keys.sorted(by: NaturalOrder.precedes)
        #expect(index.plainASCII)
        #expect(KeyTest(KeyPattern("item"), plainASCII: true).mode == .encoded)
        #expect(KeyTest(KeyPattern("item:1"), plainASCII: true).mode == .ascii)
        #expect(KeyTest(KeyPattern("itemé"), plainASCII: true).mode == .none)
        #expect(KeyTest(KeyPattern("a\u{37E}"), plainASCII: true).mode == .encoded)
        for filter in ["item", "ITEM:", "m:", ":", ".", "ROOT.", "x", " ", "a/", "0", "1.1", "i", "\u{1}", "query_root.items.1",
                       "é", "itemé", "\u{212A}", "\u{37E}", "a\u{1FEF}", "\u{130}", "ﬁ", "\r\n", "\u{301}"] {
            let pattern = KeyPattern(filter)
            let found = FilterScan(filter: filter, index: index).keys(in: 0..<keys.count)
            #expect(found.map(\.rawValue) == sorted.filter(pattern.matches), "\(filter)")
        }
    }

    @Test func insertAndRemoveKeepTheOrder() {
        var keys = Set(Self.randomKeys(count: 3000, seed: 5))
        var index = Self.sortedIndex(Array(keys))
        let added = ["Item:0", "QUERY_ROOT.new", "Item:000", "zzz", "a01b"].filter { !keys.contains($0) }
        let inserted = index.merge(added.map { CacheKey($0) })
        #expect(inserted)
        keys.formUnion(added)
        let removed = Set(keys.shuffled().prefix(40)).union(["Item:0"])
        index.remove(Set(removed.map { CacheKey($0) }))
        keys.subtract(removed)
        #expect(index.keys(in: 0..<index.count).map(\.rawValue) == keys.sorted(by: NaturalOrder.precedes))
    }

    /// A batch of new keys (the undo of a big delete) is merged into the order, after
    /// removals and again after the arena was compacted: the order stays the natural one.
    @Test func aBatchOfKeysMergedAfterRemovalsKeepsTheOrder() {
        var keys = Set(Self.randomKeys(count: 4000, seed: 23))
        var index = Self.sortedIndex(Array(keys))
        for round in 0..<3 {
            // Most keys removed, so that the next merge compacts the arena first.
            let removed = Set(keys.shuffled().prefix(keys.count * 3 / 4))
            index.remove(Set(removed.map { CacheKey($0) }))
            keys.subtract(removed)
            let added = (Array(removed.prefix(1500)) + Self.trickyKeys + ["Item:\(round)000", "Item:\(round)"]).filter { !keys.contains($0) }
            let unique = Array(Set(added))
            let merged = index.merge(unique.map { CacheKey($0) })
            #expect(merged)
            keys.formUnion(unique)
            let listed = index.keys(in: 0..<index.count).map(\.rawValue)
            let expected = keys.sorted(by: NaturalOrder.precedes)
            #expect(listed.count == expected.count)
            let misplaced = zip(listed, expected).first { $0 != $1 }
            #expect(misplaced == nil, "round \(round): \(String(describing: misplaced))")
            #expect(index.slotCount <= 2 * index.count + unique.count)
        }
    }

    @Test func everyoneAskingForTheSortAtOnceGetsTheNaturalOrder() async {
        let keys = Array(Set(Self.randomKeys(count: 20_000, seed: 17)))
        var unsorted = SortedKeyIndex()
        for key in keys { var raw = key; raw.withUTF8 { unsorted.appendUnsorted($0) } }
        let sort = KeySort(unsorted)
        let expected = keys.sorted(by: NaturalOrder.precedes)
        let firsts = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { sort.sorted().keys(in: 0..<keys.count).map(\.rawValue) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(firsts.count == 4)
        #expect(firsts.allSatisfy { $0 == expected })
    }

    static func sortedIndex(_ keys: [String]) -> SortedKeyIndex {
        var index = SortedKeyIndex()
        for key in keys { var raw = key; raw.withUTF8 { index.appendUnsorted($0) } }
        index.sortAll()
        return index
    }

    /// Keys built from shared prefixes and digit runs with leading zeros, as real caches have.
    static func randomKeys(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        let prefixes = ["Item:", "QUERY_ROOT.items.", "QUERY_ROOT", "Person:", "a", "ab", "é", "日本:", "MUTATION_ROOT.", ""]
        let middles = ["", ".", ".friends.", ":", "x", "0"]
        return (0..<count).map { _ in
            var key = prefixes[Int(generator.next() % UInt64(prefixes.count))]
            for _ in 0..<Int(generator.next() % 3) {
                let zeros = generator.next() % 4 == 0 ? Int(generator.next() % 3) : 0
                key += String(repeating: "0", count: zeros) + String(generator.next() % [10, 1000, 1_000_000][Int(generator.next() % 3)])
                key += middles[Int(generator.next() % UInt64(middles.count))]
            }
            return key
        }
    }
}
