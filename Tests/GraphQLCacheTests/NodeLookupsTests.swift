import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A kept tree's node groups its lookups by record as they come: one entry per record, in the
/// order the records were first looked up, each with exactly the names looked up there, sorted,
/// whether the node holds a few records or thousands, and names past what is interned.
@Suite struct NodeLookupsTests {
    @Test func eachRecordIsOneEntryInFirstLookedUpOrder() {
        var interner = FieldNamesInterner()
        var lookups = NodeLookups()
        for (record, name) in [("Item:1", "name"), ("Item:1", "id"), ("User:1", "name"), ("Item:1", "owner"),
                               ("Item:1", "id"), ("User:1", "id")] {
            lookups.insert(name, of: CacheKey(record), interner: &interner)
        }
        let entries = lookups.finish()
        #expect(entries.map(\.record) == ["Item:1", "User:1"])
        #expect(entries.map(\.names.sorted) == [["id", "name", "owner"], ["id", "name"]])
    }

    /// Random insertions over few records (searched in turn), many (indexed by record), and
    /// records of more names than are interned give exactly the keys inserted; records read
    /// through the same names share one list.
    @Test func randomInsertionsGiveExactlyTheKeysInserted() {
        var generator = SplitMix(seed: 31)
        for round in 0..<6 {
            var interner = FieldNamesInterner()
            var lookups = NodeLookups()
            var expected: [CacheKey: Set<String>] = [:]
            var order: [CacheKey] = []
            let names = round % 2 == 0 ? 12 : FieldNamesInterner.internedLimit * 3
            let records = [3, NodeLookups.scanned + 1, 2_000][round / 2]
            for _ in 0..<(records * 20) {
                let record = CacheKey("R\(generator.next() % UInt64(records))")
                let name = "f\(generator.next() % UInt64(names))"
                lookups.insert(name, of: record, interner: &interner)
                if expected[record] == nil { order.append(record) }
                expected[record, default: []].insert(name)
            }
            let entries = lookups.finish()
            #expect(entries.map(\.record) == order, "round \(round)")
            for entry in entries {
                #expect(entry.names.sorted == expected[entry.record]?.sorted(), "round \(round) \(entry.record)")
            }
        }
    }

    @Test func recordsReadThroughTheSameNamesShareOneList() {
        var interner = FieldNamesInterner()
        var lookups = NodeLookups()
        for item in 0..<100 {
            for name in ["__typename", "id", "name"] { lookups.insert(name, of: CacheKey("Item:\(item)"), interner: &interner) }
        }
        let entries = lookups.finish()
        #expect(entries.count == 100)
        #expect(entries.allSatisfy { $0.names === entries[0].names })
    }
}
