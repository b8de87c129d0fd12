import Testing
import CacheTestSupport
@testable import GraphQLCache

@Suite struct ChangeIndexTests {
    @Test func changedFieldReachesOnlyItsObservers() {
        var index = ChangeIndex<Int>()
        index.set(1, fields: fieldKeys("Droid:2001.name"))
        index.set(2, fields: fieldKeys("Droid:2001.id"))
        index.set(3, fields: fieldKeys("QUERY_ROOT.hero"))
        #expect(index.observers(affectedBy: CacheChange(changedFields: fieldKeys("Droid:2001.name"))) == [1])
        #expect(index.invariantViolations().isEmpty)
    }

    @Test func removedRecordReachesEveryObserverOfItsFields() {
        var index = ChangeIndex<Int>()
        index.set(1, fields: fieldKeys("Droid:2001.name"))
        index.set(2, fields: fieldKeys("Droid:2001.id"))
        index.set(3, fields: fieldKeys("QUERY_ROOT.hero"))
        #expect(index.observers(affectedBy: CacheChange(removedRecords: ["Droid:2001"])) == [1, 2])
    }

    @Test func wholeRecordObserverHearsAnyFieldOfIt() {
        var index = ChangeIndex<Int>()
        index.set(1, fields: fieldKeys("QUERY_ROOT.hero"), records: ["Droid:2001"])
        #expect(index.observers(affectedBy: CacheChange(changedFields: fieldKeys("Droid:2001.anything"))) == [1])
        #expect(index.observers(affectedBy: CacheChange(removedRecords: ["Droid:2001"])) == [1])
        #expect(index.observers(affectedBy: CacheChange(changedFields: fieldKeys("Droid:2000.name"))).isEmpty)
    }

    @Test func updatingDependenciesForgetsTheOldKeys() {
        var index = ChangeIndex<Int>()
        index.set(1, fields: fieldKeys("A.x", "B.y"), records: ["C"])
        index.set(1, fields: fieldKeys("B.y", "D.z"))
        #expect(index.observers(affectedBy: CacheChange(changedFields: fieldKeys("A.x", "C.w"))).isEmpty)
        #expect(index.observers(affectedBy: CacheChange(removedRecords: ["A"])).isEmpty)
        #expect(index.observers(affectedBy: CacheChange(changedFields: fieldKeys("D.z"))) == [1])
        #expect(index.invariantViolations().isEmpty)
    }

    @Test func removedObserverLeavesNoEntryBehind() {
        var index = ChangeIndex<Int>()
        index.set(1, fields: fieldKeys("A.x"), records: ["B"])
        index.set(2, fields: fieldKeys("A.x"))
        index.remove(1)
        index.remove(1)
        #expect(index.count == 1)
        #expect(index.observers(affectedBy: CacheChange(changedFields: fieldKeys("A.x", "B.q"))) == [2])
        index.remove(2)
        #expect(index.invariantViolations().isEmpty)
        #expect(index.observers(affectedBy: CacheChange(removedRecords: ["A", "B"])).isEmpty)
    }

    @Test func randomUpdatesKeepTheIndexConsistent() {
        var index = ChangeIndex<Int>()
        var generator = SplitMix(seed: 42)
        let records: [CacheKey] = ["A", "B", "C", "D"]
        let fields = records.flatMap { record in ["x", "y", "z"].map { FieldKey(record: record, field: $0) } }
        for _ in 0..<2_000 {
            let id = Int(generator.next() % 20)
            if generator.next() % 5 == 0 { index.remove(id); continue }
            let chosen = Set(fields.filter { _ in generator.next() % 3 == 0 })
            let whole = Set(records.filter { _ in generator.next() % 4 == 0 })
            index.set(id, fields: chosen, records: whole)
        }
        #expect(index.invariantViolations().isEmpty)
    }

    /// Who a change concerns, worked out from every observer's dependencies one by one.
    private func bruteForce(_ index: ChangeIndex<Int>, ids: Range<Int>, _ change: CacheChange) -> Set<Int> {
        Set(ids.filter { id in
            guard let deps = index.dependencies(of: id) else { return false }
            return !deps.fields.fieldKeys.isDisjoint(with: change.changedFields.union(change.removedFields))
                || change.changedFields.contains { deps.records.contains($0.record) }
                || change.removedRecords.contains { record in deps.records.contains(record) || deps.fields.contains { $0.record == record } }
        })
    }

    /// Fields grouped by record (and, for a record with more than `tableThreshold` observers,
    /// looked up through its field table) reach exactly the observers a one-by-one check finds,
    /// after every update.
    @Test func dispatchAgreesWithEveryObserverCheckedOneByOne() {
        var index = ChangeIndex<Int>()
        var generator = SplitMix(seed: 7)
        let records: [CacheKey] = ["QUERY_ROOT", "A", "B"]
        let fields = records.flatMap { record in (0..<12).map { FieldKey(record: record, field: "f\($0)") } }
        for step in 0..<1_500 {
            let id = Int(generator.next() % 30)
            if generator.next() % 6 == 0 {
                index.remove(id)
            } else {
                index.set(id, fields: Set(fields.filter { _ in generator.next() % 4 == 0 }),
                          records: Set(records.filter { _ in generator.next() % 9 == 0 }))
            }
            let change = CacheChange(changedFields: Set(fields.filter { _ in generator.next() % 10 == 0 }),
                                     removedRecords: Set(records.filter { _ in generator.next() % 7 == 0 }))
            #expect(index.observers(affectedBy: change) == bruteForce(index, ids: 0..<30, change), "step \(step)")
        }
        #expect(index.invariantViolations().isEmpty)
    }

    /// Observers of thousands of records are checked directly rather than inverted: dispatch
    /// still reaches exactly the observers a one-by-one check finds, as observers grow past the
    /// threshold and shrink below it again.
    @Test func largeObserversAreCheckedDirectlyAndAgreeWithOneByOne() {
        var index = ChangeIndex<Int>()
        var generator = SplitMix(seed: 23)
        let pool = ChangeIndex<Int>.largeThreshold + 1_000
        let records = (0..<pool).map { CacheKey("R\($0)") }
        func dependencies(large: Bool) -> Set<FieldKey> {
            let count = large ? ChangeIndex<Int>.largeThreshold + Int(generator.next() % 500) : Int(generator.next() % 20)
            let start = Int(generator.next() % UInt64(pool))
            return Set((0..<count).map { offset in
                FieldKey(record: records[(start + offset) % pool], field: "f\(generator.next() % 3)")
            })
        }
        for step in 0..<120 {
            let id = Int(generator.next() % 8)
            if generator.next() % 7 == 0 {
                index.remove(id)
            } else {
                index.set(id, fields: dependencies(large: generator.next() % 2 == 0),
                          records: generator.next() % 5 == 0 ? [records[Int(generator.next() % UInt64(pool))]] : [])
            }
            let changed = Set((0..<3).map { _ in
                FieldKey(record: records[Int(generator.next() % UInt64(pool))], field: "f\(generator.next() % 4)")
            })
            let removed: Set<CacheKey> = generator.next() % 3 == 0 ? [records[Int(generator.next() % UInt64(pool))]] : []
            let change = CacheChange(changedFields: changed, removedRecords: removed)
            #expect(index.observers(affectedBy: change) == bruteForce(index, ids: 0..<8, change), "step \(step)")
        }
        #expect(index.large.count > 0 && index.large.count < index.count, "some observers are large, some not")
        #expect(index.invariantViolations().isEmpty)
    }

    /// An observer of thousands of whole records (a read that found a long list's items absent)
    /// is checked directly, not inverted record by record: undoing the delete of those items
    /// then costs one lookup, not one per changed field. Dispatch still agrees with a
    /// one-by-one check as such observers come and go.
    @Test func observersOfManyWholeRecordsAreCheckedDirectly() {
        var index = ChangeIndex<Int>()
        let records = (0..<ChangeIndex<Int>.largeThreshold).map { CacheKey("Item:\($0)") }
        index.set(1, fields: [FieldKey(record: .queryRoot, field: "items")], records: Set(records))
        index.set(2, fields: [FieldKey(record: "Other", field: "name")], records: [records[7]])
        #expect(index.large == [1])
        #expect(index.recordObservers.count == 1, "only the small observer's record is inverted")
        let changes = [
            CacheChange(changedFields: [FieldKey(record: records[7], field: "name")]),
            CacheChange(changedFields: [FieldKey(record: "Elsewhere", field: "name")]),
            CacheChange(removedRecords: [records[3]]),
            CacheChange(changedFields: [FieldKey(record: .queryRoot, field: "items")]),
        ]
        for change in changes { #expect(index.observers(affectedBy: change) == bruteForce(index, ids: 0..<3, change)) }
        #expect(index.observers(affectedBy: changes[0]) == [1, 2])
        #expect(index.invariantViolations().isEmpty)
        index.set(1, fields: [FieldKey(record: .queryRoot, field: "items")], records: [records[3]])
        #expect(index.large.isEmpty && index.recordObservers.count == 2)
        for change in changes { #expect(index.observers(affectedBy: change) == bruteForce(index, ids: 0..<3, change)) }
        #expect(index.invariantViolations().isEmpty)
    }
}
