import CacheTestSupport
import GraphQLCache
import Testing

/// `KeyOrder.sorted` (prefixes packed into integers, whole bytes on a tie) gives the order
/// `KeyOrder.precedes` gives: SQLite's byte order, on keys that share long prefixes, end where
/// others go on, hold NUL bytes, or are equal as text but not as bytes (NFC and NFD).
@Suite struct KeyOrderSortTests {
    static let awkward: [CacheKey] = [
        "", "a", "a\u{0}", "a\u{0}b", "Item:1", "Item:10", "Item:100", "Item:1000000000000", "Item:1000000000001",
        "Item:10000000000000000", "Item:10000000000000001", "café", "cafe\u{301}", "Caf", "\u{7F}", "\u{80}", "é",
        "QUERY_ROOT.hero(episode:JEDI)", "QUERY_ROOT.hero(episode:EMPIRE)", "😀", "Z", "\u{200B}Item:1",
    ]

    @Test func awkwardKeysSortAsByteOrderDoes() {
        #expect(KeyOrder.sorted(Self.awkward) == Self.awkward.sorted(by: KeyOrder.precedes))
        #expect(KeyOrder.sorted(Set(Self.awkward)) == Self.awkward.sorted(by: KeyOrder.precedes))
        #expect(KeyOrder.sorted([CacheKey]()).isEmpty)
    }

    @Test(arguments: [1, 2, 3])
    func randomKeysSortAsByteOrderDoes(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let alphabet = Array("ab:0é\u{301}\u{0}Z")
        let keys = (0..<3_000).map { _ in
            CacheKey(String((0..<Int.random(in: 0..<24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        let distinct = Array(Set(keys))
        #expect(KeyOrder.sorted(distinct) == distinct.sorted(by: KeyOrder.precedes))
    }
}
