import CacheTestSupport
@testable import CacheKeyIndex
import GraphQLCache
import Testing

/// A commit that deletes most keys closes up the index's order in one pass; what is left must
/// be exactly the other keys, in natural order, whichever keys go (first, last, every other).
@Suite struct BulkRemovalTests {
    @Test(arguments: ["most", "first", "last", "everyOther", "absent"])
    func removingManyKeysAtOnceKeepsTheOrderOfTheRest(which: String) {
        let keys = Array(Set(NaturalKeyEncodingTests.randomKeys(count: 5_000, seed: 23)))
        var index = NaturalKeyEncodingTests.sortedIndex(keys)
        let sorted = keys.sorted(by: NaturalOrder.precedes)
        let removed: Set<String> = switch which {
        case "most": Set(sorted.shuffled().prefix(sorted.count - 7))
        case "first": Set(sorted.prefix(1))
        case "last": Set(sorted.suffix(1))
        case "everyOther": Set(sorted.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        default: ["not a key at all", "Item:-1"].filter { !keys.contains($0) }.reduce(into: []) { $0.insert($1) }
        }
        index.remove(Set(removed.map { CacheKey($0) }))
        #expect(index.count == sorted.count - removed.intersection(keys).count)
        #expect(index.keys(in: 0..<index.count).map(\.rawValue) == sorted.filter { !removed.contains($0) })
    }

    /// A removal by pattern's keys are found by one sweep with the pattern's test: the index
    /// left must be the one a search for each key leaves, whatever the pattern (non-ASCII,
    /// case-folded, one that matches keys the removal did not delete, one no key contains).
    @Test(arguments: ["item:", "É", "日本", "0.", ":1", "", "zzz"])
    func aRemovalByPatternLeavesWhatASearchForEachKeyLeaves(pattern: String) {
        let keys = Array(Set(NaturalKeyEncodingTests.randomKeys(count: 6_000, seed: 41)))
        let matching = keys.filter { KeyPattern(pattern).matches(CacheKey($0)) }
        // Most of the matching keys, not all: the ones left must stay although the pattern matches them.
        let removed = Set(matching.enumerated().filter { $0.offset % 10 != 3 }.map { CacheKey($0.element) })
        var swept = NaturalKeyEncodingTests.sortedIndex(keys)
        var searched = swept
        swept.remove(removed, allMatching: KeyPattern(pattern))
        searched.remove(removed)
        #expect(swept.count == keys.count - removed.count)
        #expect(swept.keys(in: 0..<swept.count) == searched.keys(in: 0..<searched.count))
    }

    /// Keys the index does not hold among a removal's keys (another process's, not listed yet)
    /// change nothing but their absence: the listed keys still go.
    @Test func aRemovalByPatternOfKeysNotListedRemovesTheListedOnes() {
        let keys = (0..<5_000).map { "Item:\($0)" }
        var index = NaturalKeyEncodingTests.sortedIndex(keys)
        let removed = Set((0..<4_000).map { CacheKey("Item:\($0)") } + (9_000..<9_100).map { CacheKey("Item:\($0)") })
        index.remove(removed, allMatching: KeyPattern("Item:"))
        #expect(index.keys(in: 0..<index.count).map(\.rawValue) == (4_000..<5_000).map { "Item:\($0)" })
    }

    @Test func theListingKeepsItsIndexAfterABigRemoval() {
        let keys = (0..<10_000).map { "Item:\($0)" }
        var listing = KeyListing()
        listing.install(NaturalKeyEncodingTests.sortedIndex(keys))
        listing.removed(Set(keys.prefix(9_000).map { CacheKey($0) }))
        #expect(listing.index?.count == 1_000)
        #expect(listing.index?.keys(in: 0..<2).map(\.rawValue) == ["Item:9000", "Item:9001"])
    }
}
