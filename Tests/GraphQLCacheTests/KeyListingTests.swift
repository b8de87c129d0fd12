import Testing
@testable import GraphQLCache

@Suite struct KeyListingTests {
    @Test func keysComeRootsFirstInNaturalOrder() throws {
        let cache = InMemoryNormalizedCache()
        let keys = ["Item:10", "Item:2", "QUERY_ROOT.items", "Alpha", "QUERY_ROOT", "MUTATION_ROOT", "Item:1"]
        try cache.merge(records: RecordSet(records: keys.map { Record(key: CacheKey($0), ["x": .int(1)]) }))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 100).map(\.rawValue)
            == ["QUERY_ROOT", "QUERY_ROOT.items", "MUTATION_ROOT", "Alpha", "Item:1", "Item:2", "Item:10"])
        #expect(try cache.keys(matching: nil, offset: 5, limit: 1).map(\.rawValue) == ["Item:2"])
        #expect(try cache.keys(matching: "item", offset: 1, limit: 2).map(\.rawValue) == ["Item:1", "Item:2"])
        #expect(try cache.keyCount(matching: "ITEM") == 4)
    }

    @Test func naturalOrderComparesDigitRunsByValue() {
        #expect(NaturalOrder.precedes("x.2", "x.10"))
        #expect(!NaturalOrder.precedes("x.10", "x.2"))
        #expect(NaturalOrder.precedes("x.1", "x.01"))
        #expect(NaturalOrder.compare("a", "a") == 0)
    }
}
