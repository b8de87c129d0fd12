import CacheKeyIndex
import CacheTestSupport
import GraphQLCache
import Testing

/// Strings sorted through the key index's encoding come out in `NaturalOrder`, as the record
/// pane lists a record's fields.
@Suite struct NaturalSortTests {
    private func naturallySorted(_ texts: [String]) -> [String] {
        texts.sorted { NaturalOrder.compare($0, $1) < 0 }
    }

    @Test func theKeysChosenToBreakTheEncodingComeOutInNaturalOrder() {
        var random = SplitMix(seed: 7)
        // Field names are a dictionary's keys: strings Swift holds equal (`é` and `e` with a
        // combining accent) are one name.
        var seen = Set<String>()
        let texts = NaturalKeyEncodingTests.trickyKeys.filter { seen.insert($0).inserted }.shuffled(using: &random)
        #expect(NaturalSort.order(texts).map { texts[$0] } == naturallySorted(texts))
    }

    @Test func randomFieldNamesComeOutInNaturalOrder() {
        var random = SplitMix(seed: 11)
        let pieces = ["item", "Item", "0", "1", "9", "10", "007", "(", "id:", "\"", "_", "é", "QUERY_ROOT", "."]
        var names = Set<String>()
        while names.count < 2_000 {
            names.insert((0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        let texts = Array(names)
        #expect(NaturalSort.order(texts).map { texts[$0] } == naturallySorted(texts))
        #expect(NaturalSort.order([]).isEmpty)
    }

    /// A set of keys sorted by the index's radix sort (`:gc`'s preview) comes out as
    /// `CacheKey`'s own order: roots first, then natural order.
    @Test func keysSortedByTheIndexComeOutInCacheKeyOrder() {
        var random = SplitMix(seed: 13)
        let pieces = ["Item:", "item:", "0", "1", "9", "10", "007", "QUERY_ROOT", "MUTATION_ROOT", ".", "é", "e\u{301}", "(", "\""]
        var keys = Set<CacheKey>(NaturalKeyEncodingTests.trickyKeys.map { CacheKey($0) })
        while keys.count < 3_000 {
            keys.insert(CacheKey((0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()))
        }
        let shuffled = Array(keys).shuffled(using: &random)
        #expect(SortedKeyIndex.sorted(shuffled) == shuffled.sorted())
        #expect(SortedKeyIndex.sorted([]) == [] && SortedKeyIndex.sorted(["A:1"]) == ["A:1"])
    }
}
