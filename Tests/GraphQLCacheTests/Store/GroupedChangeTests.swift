import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A change whose changed field keys are a merge's grouped report (`CacheChangeFieldKeys`)
/// must read, compare, change and reach observers and watches exactly as the same change made
/// of a set does.
@Suite struct GroupedChangeTests {
    /// The same keys, grouped by record as a merge reports them and as a set.
    private static func both<Keys: Sequence<FieldKey>>(_ keys: Keys) -> (grouped: CacheChange, set: CacheChange) {
        (CacheChange(changed: FieldChanges(keys)), CacheChange(changedFields: Set(keys)))
    }

    private static func randomKeys(_ random: inout SplitMix, records: Int, count: Int) -> [FieldKey] {
        (0..<count).map { _ in
            FieldKey(record: CacheKey("Item:\(Int.random(in: 0..<records, using: &random))"),
                     field: ["id", "name", "n", "owner", "tags(first:2)"].randomElement(using: &random)!)
        }
    }

    @Test func aGroupedChangeReadsComparesAndHashesAsTheSetOfItsKeys() {
        let (grouped, set) = Self.both(fieldKeys("A.x", "A.y", "B.x", "QUERY_ROOT.hero"))
        #expect(grouped.changedFieldKeys.isGroupedOnly)
        #expect(grouped == set)
        #expect(grouped.hashValue == set.hashValue)
        #expect(grouped.changedFields == fieldKeys("A.x", "A.y", "B.x", "QUERY_ROOT.hero"))
        #expect(grouped.affectedRecords == ["A", "B", "QUERY_ROOT"])
        #expect(grouped.changedRecords == set.changedRecords)
        #expect(grouped.affectedFields == set.affectedFields)
        #expect(grouped.description == set.description)
        #expect(!grouped.isEmpty && CacheChange(changed: FieldChanges()).isEmpty)
    }

    /// The explorer's write log compares each change it hears with the one it witnessed: two
    /// copies of one grouped change are equal without a set of their keys being made.
    @Test func copiesOfOneGroupedChangeAreEqualWithoutMakingTheSet() {
        let (grouped, _) = Self.both(fieldKeys("A.x", "A.y", "B.x"))
        let copy = grouped
        #expect(copy == grouped)
        #expect(!grouped.changedFieldKeys.isSetMade)
        let other = CacheChange(changed: FieldChanges(fieldKeys("A.x", "A.y", "B.x")))
        #expect(other == grouped, "another grouping of the same keys compares its set")
        #expect(grouped.changedFieldKeys.isSetMade)
    }

    @Test func changingAGroupedChangesKeysChangesThatCopyOnly() {
        let (grouped, _) = Self.both(fieldKeys("A.x", "B.y"))
        var changed = grouped
        changed.changedFields.insert(FieldKey(record: "C", field: "z"))
        changed.removedFields.insert(FieldKey(record: "D", field: "w"))
        #expect(changed.changedFields == fieldKeys("A.x", "B.y", "C.z"))
        #expect(changed.removedFields == fieldKeys("D.w"))
        #expect(grouped.changedFields == fieldKeys("A.x", "B.y"), "the copy it came from is as it was")
        #expect(grouped.removedFields.isEmpty)
        changed.changedFields = []
        #expect(changed.changedFieldKeys.isEmpty && !changed.isEmpty)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func observersAndWatchTriggersAreThoseOfTheSameSet(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var index = ChangeIndex<Int>()
        var dependencies: [(FieldDependencies, Set<CacheKey>)] = []
        for id in 0..<40 {
            let fields = Self.randomKeys(&random, records: 300, count: Int.random(in: 1...30, using: &random))
            let records = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in CacheKey("Item:\(Int.random(in: 0..<300, using: &random))") })
            dependencies.append((FieldDependencies(fields), records))
            index.set(id, dependencies: FieldDependencies(fields), records: records)
        }
        // One observer large enough to be checked directly rather than inverted.
        let large = Self.randomKeys(&random, records: 20_000, count: 12_000)
        index.set(99, dependencies: FieldDependencies(large), records: [])
        dependencies.append((FieldDependencies(large), []))
        for _ in 0..<30 {
            let keys = Self.randomKeys(&random, records: Bool.random(using: &random) ? 300 : 20_000, count: Int.random(in: 1...200, using: &random))
            var (grouped, set) = Self.both(keys)
            let removed = Set((0..<Int.random(in: 0...2, using: &random)).map { _ in CacheKey("Item:\(Int.random(in: 0..<300, using: &random))") })
            grouped.removedRecords = removed
            set.removedRecords = removed
            #expect(index.observers(affectedBy: grouped) == index.observers(affectedBy: set))
            for (fields, records) in dependencies {
                #expect(WatchTrigger(change: grouped, fields: fields, records: records) == WatchTrigger(change: set, fields: fields, records: records))
            }
        }
    }
}
