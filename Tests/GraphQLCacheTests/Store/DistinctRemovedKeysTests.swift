import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A change whose removed records are distinct keys as a removal of rows by pattern lists them
/// (`CacheChangeRecordKeys`) must read, compare, change and reach observers and watches exactly
/// as the same change made of a set does, without a set of its keys made for them.
@Suite struct DistinctRemovedKeysTests {
    private static func both(_ keys: [CacheKey]) -> (distinct: CacheChange, set: CacheChange) {
        (CacheChange(removedDistinct: keys), CacheChange(removedRecords: Set(keys)))
    }

    @Test func aChangeOfDistinctKeysReadsComparesAndHashesAsTheSetOfThem() {
        let (distinct, set) = Self.both(["Item:1", "Item:2", "Item:café"])
        #expect(!distinct.removedRecordKeys.isSetMade)
        #expect(distinct.removedRecordKeys.count == 3)
        #expect(Array(distinct.removedRecordKeys) == ["Item:1", "Item:2", "Item:café"])
        #expect(!distinct.removedRecordKeys.isSetMade, "walking the keys makes no set")
        #expect(distinct == set)
        #expect(distinct.hashValue == set.hashValue)
        #expect(distinct.removedRecords == ["Item:1", "Item:2", "Item:café"])
        #expect(distinct.affectedRecords == set.affectedRecords)
        #expect(distinct.description == set.description)
        #expect(!distinct.isEmpty && CacheChange(removedDistinct: []).isEmpty)
    }

    /// The explorer's write log compares each change it hears with the one it witnessed: two
    /// copies of one change of distinct keys are equal without a set of them being made.
    @Test func copiesOfOneChangeAreEqualWithoutMakingTheSet() {
        let (distinct, _) = Self.both(["A", "B"])
        let copy = distinct
        #expect(copy == distinct)
        #expect(!distinct.removedRecordKeys.isSetMade)
        #expect(CacheChange(removedDistinct: ["B", "A"]) == distinct, "other distinct keys compare their sets")
        #expect(distinct.removedRecordKeys.isSetMade)
        #expect(CacheChange(removedDistinct: ["A", "C"]) != distinct)
    }

    @Test func changingTheKeysChangesThatCopyOnly() {
        let (distinct, _) = Self.both(["A", "B"])
        var changed = distinct
        changed.removedRecords.insert("C")
        #expect(changed.removedRecords == ["A", "B", "C"])
        #expect(distinct.removedRecords == ["A", "B"], "the copy it came from is as it was")
        changed.removedRecords = []
        #expect(changed.isEmpty)
    }

    @Test(arguments: [1, 2, 3])
    func observersAndWatchTriggersAreThoseOfTheSameSet(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var index = ChangeIndex<Int>()
        var dependencies: [(FieldDependencies, Set<CacheKey>)] = []
        let key = { (random: inout SplitMix) in CacheKey("Item:\(Int.random(in: 0..<300, using: &random))") }
        for id in 0..<40 {
            let fields = (0..<Int.random(in: 1...20, using: &random)).map { _ in FieldKey(record: key(&random), field: "name") }
            let records = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in key(&random) })
            dependencies.append((FieldDependencies(fields), records))
            index.set(id, dependencies: FieldDependencies(fields), records: records)
        }
        for _ in 0..<30 {
            let removed = Array(Set((0..<Int.random(in: 1...60, using: &random)).map { _ in key(&random) }))
            let (distinct, set) = Self.both(removed)
            #expect(index.observers(affectedBy: distinct) == index.observers(affectedBy: set))
            for (fields, records) in dependencies {
                #expect(WatchTrigger(change: distinct, fields: fields, records: records) == WatchTrigger(change: set, fields: fields, records: records))
            }
            #expect(!distinct.removedRecordKeys.isSetMade, "the index and the triggers walk the keys")
        }
    }
}
