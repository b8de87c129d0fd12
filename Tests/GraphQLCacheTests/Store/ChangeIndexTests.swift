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
}
