import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Dependencies grouped by record hold exactly the field keys a set of them would, whatever the
/// order they come in, with records read through the same selections sharing one list.
@Suite struct FieldDependenciesTests {
    @Test func holdsEachKeyOnceGroupedByRecordAndSorted() {
        let keys = fieldKeys("Droid:2001.name", "QUERY_ROOT.hero", "Droid:2001.id", "Droid:2001.name")
        let dependencies = FieldDependencies(keys)
        #expect(dependencies.count == 3)
        #expect(dependencies.recordCount == 2)
        #expect(dependencies.fields(of: "Droid:2001") == ["id", "name"])
        #expect(dependencies.fieldKeys == keys)
        #expect(Set(dependencies) == keys)
        #expect(dependencies.contains(FieldKey(record: "Droid:2001", field: "id")))
        #expect(!dependencies.contains(FieldKey(record: "Droid:2001", field: "height")))
        #expect(!dependencies.contains(FieldKey(record: "Droid:2000", field: "id")))
        #expect(dependencies.contains(record: "QUERY_ROOT") && !dependencies.contains(record: "Droid:2000"))
        #expect(dependencies.description == "[Droid:2001.id, Droid:2001.name, QUERY_ROOT.hero]")
    }

    @Test func equalWhenTheyHoldTheSameKeysInAnyOrder() {
        let keys = (0..<40).map { FieldKey(record: CacheKey("R\($0 % 7)"), field: "f\($0 % 5)") }
        #expect(FieldDependencies(keys) == FieldDependencies(keys.reversed()))
        #expect(FieldDependencies(keys) != FieldDependencies(keys.filter { $0 != keys[0] }))
        #expect(FieldDependencies().isEmpty && FieldDependencies([]) == FieldDependencies())
    }

    /// Random insertions, with records of more names than are interned and more transitions
    /// than are kept, give exactly the set of the keys inserted.
    @Test func randomInsertionsGiveExactlyTheKeysInserted() {
        var generator = SplitMix(seed: 16)
        for round in 0..<6 {
            var builder = FieldDependencyBuilder()
            var expected = Set<FieldKey>()
            let names = round % 2 == 0 ? 12 : FieldDependencyBuilder.internedLimit * 3
            let records = round < 4 ? 50 : 2_000
            for _ in 0..<(records * 20) {
                let key = FieldKey(record: CacheKey("R\(generator.next() % UInt64(records))"),
                                   field: "f\(generator.next() % UInt64(names))")
                builder.insert(key.field, of: key.record)
                expected.insert(key)
            }
            let dependencies = builder.finish()
            #expect(dependencies.fieldKeys == expected, "round \(round)")
            #expect(dependencies.count == expected.count, "round \(round)")
            for record in Set(expected.map(\.record)) {
                let fields = dependencies.fields(of: record)
                #expect(fields == fields.sorted() && Set(fields).count == fields.count, "round \(round) \(record)")
            }
        }
    }

    /// A read of a list: every item read through the same selections shares one list of names,
    /// so the dependencies cost one entry per record, not one array per record.
    @Test(arguments: CacheKind.allCases)
    func itemsReadThroughTheSameSelectionsShareOneList(_ kind: CacheKind) throws {
        let items = (0..<300).map { i in
            Record(key: CacheKey("Item:\(i)"), ["__typename": .string("Item"), "name": .string("Item \(i)"),
                                                "owner": .reference(CacheKey("User:\(i % 3)"))])
        }
        let users = (0..<3).map { Record(key: CacheKey("User:\($0)"), ["name": .string("User \($0)")]) }
        let root = Record(key: .queryRoot, ["items": .list(items.map { .reference($0.key) })])
        let store = kind.makeStore(items + users + [root])
        let query = try store.executor.operation(document: "{ items { __typename name owner { name } } }")
        let read = try store.readResult(query: query)
        #expect(read.isComplete)
        let lists = Set(items.map { ObjectIdentifier(read.dependencies.groups[$0.key]!) })
        #expect(lists.count == 1)
        #expect(read.dependencies.fields(of: "Item:7") == ["__typename", "name", "owner"])
        #expect(read.dependencies.count == 300 * 3 + 3 + 1)
        #expect(read.dependentKeys.count == read.dependencies.count)
    }
}
