import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A kept tree's node groups its lookups by record as they come: each record once, with
/// exactly the names looked up there, sorted, whether the node holds a few records (searched in
/// turn) or thousands (kept by record), and names past what is interned.
@Suite struct NodeLookupsTests {
    /// Each record's names, as a plain dictionary.
    private static func contents(_ lookups: NodeLookups) -> [CacheKey: [String]] {
        var contents: [CacheKey: [String]] = [:]
        lookups.forEach { record, names in
            #expect(contents[record] == nil, "\(record) listed twice")
            contents[record] = names.sorted
        }
        return contents
    }

    @Test func eachRecordIsListedOnceWithItsNamesSorted() {
        var interner = FieldNamesInterner()
        var lookups = NodeLookups()
        for (record, name) in [("Item:1", "name"), ("Item:1", "id"), ("User:1", "name"), ("Item:1", "owner"),
                               ("Item:1", "id"), ("User:1", "id")] {
            lookups.insert(name, of: CacheKey(record), interner: &interner)
        }
        let done = lookups.finish()
        #expect(Self.contents(done) == ["Item:1": ["id", "name", "owner"], "User:1": ["id", "name"]])
        #expect(done.count == 2 && !done.isIndexed)
        #expect(done.names(on: "User:1")?.sorted == ["id", "name"] && done.names(on: "User:2") == nil)
    }

    /// Random insertions over few records (searched in turn), just more than that and many
    /// (kept by record), with records of more names than are interned, give exactly the keys
    /// inserted.
    @Test func randomInsertionsGiveExactlyTheKeysInserted() {
        var generator = SplitMix(seed: 31)
        for round in 0..<6 {
            var interner = FieldNamesInterner()
            var lookups = NodeLookups()
            var expected: [CacheKey: Set<String>] = [:]
            let names = round % 2 == 0 ? 12 : FieldNamesInterner.internedLimit * 3
            let records = [3, NodeLookups.scanned + 1, 2_000][round / 2]
            for _ in 0..<(records * 20) {
                let record = CacheKey("R\(generator.next() % UInt64(records))")
                let name = "f\(generator.next() % UInt64(names))"
                lookups.insert(name, of: record, interner: &interner)
                expected[record, default: []].insert(name)
            }
            let done = lookups.finish()
            #expect(Self.contents(done) == expected.mapValues { $0.sorted() }, "round \(round)")
            #expect(done.isIndexed == (expected.count > NodeLookups.scanned), "round \(round)")
            for (record, names) in expected {
                #expect(done.names(on: record)?.sorted == names.sorted(), "round \(round) \(record)")
            }
        }
    }

    @Test func recordsReadThroughTheSameNamesShareOneList() {
        var interner = FieldNamesInterner()
        var lookups = NodeLookups()
        for item in 0..<100 {
            for name in ["__typename", "id", "name"] { lookups.insert(name, of: CacheKey("Item:\(item)"), interner: &interner) }
        }
        let done = lookups.finish()
        let first = done.names(on: "Item:0")
        #expect(done.count == 100)
        done.forEach { _, names in #expect(names === first) }
    }
}
