import CacheTestSupport
import Testing
@testable import GraphQLCache

@Suite struct StoreObservationTests {
    private func set(_ records: Record...) -> RecordSet { RecordSet(records: records) }

    @Test(arguments: CacheKind.allCases)
    func observerHearsOnlyChangesToItsKeys(_ kind: CacheKind) throws {
        let store = kind.makeStore([Record(key: "Droid:2001", ["name": .string("R2-D2"), "id": .string("2001")])])
        let recorder = ChangeRecorder()
        let observation = store.observe(fields: fieldKeys("Droid:2001.name")) { recorder.record($0) }
        defer { observation.cancel() }
        try store.merge(records: set(Record(key: "Droid:2001", ["id": .string("2001b")])))
        #expect(recorder.count == 0)
        try store.merge(records: set(Record(key: "Droid:2001", ["name": .string("Artoo")])))
        #expect(recorder.all.map(\.changedFields) == [fieldKeys("Droid:2001.name")])
        #expect(store.observerCount == 1)
    }

    @Test(arguments: CacheKind.allCases)
    func observerHearsTheRemovalOfARecordItRead(_ kind: CacheKind) throws {
        let store = kind.makeStore([Record(key: "Droid:2001", ["name": .string("R2-D2")])])
        let recorder = ChangeRecorder()
        let observation = store.observe(fields: fieldKeys("Droid:2001.name")) { recorder.record($0) }
        defer { observation.cancel() }
        try store.removeRecord(for: "Droid:2001")
        #expect(recorder.all.map(\.removedRecords) == [["Droid:2001"]])
    }

    @Test(arguments: CacheKind.allCases)
    func observerOfAnAbsentRecordHearsItArrive(_ kind: CacheKind) throws {
        let store = kind.makeStore()
        let recorder = ChangeRecorder()
        let observation = store.observe(fields: fieldKeys("QUERY_ROOT.hero"), records: ["Droid:2001"]) { recorder.record($0) }
        defer { observation.cancel() }
        try store.merge(records: set(Record(key: "Droid:2001", ["name": .string("R2-D2")])))
        #expect(recorder.count == 1)
    }

    @Test(arguments: CacheKind.allCases)
    func updatedObservationFollowsItsNewKeys(_ kind: CacheKind) throws {
        let store = kind.makeStore()
        let recorder = ChangeRecorder()
        let observation = store.observe(fields: fieldKeys("A.x")) { recorder.record($0) }
        observation.update(fields: fieldKeys("B.y"))
        #expect(observation.fields == fieldKeys("B.y"))
        try store.merge(records: set(Record(key: "A", ["x": .int(1)])))
        try store.merge(records: set(Record(key: "B", ["y": .int(1)])))
        #expect(recorder.all.map(\.changedFields) == [fieldKeys("B.y")])
        observation.cancel()
        try store.merge(records: set(Record(key: "B", ["y": .int(2)])))
        #expect(recorder.count == 1)
        #expect(store.observerCount == 0)
        #expect(observation.fields.isEmpty)
    }

    @Test(arguments: CacheKind.allCases)
    func observersAreCalledInRegistrationOrder(_ kind: CacheKind) throws {
        let store = kind.makeStore()
        let order = Mutex<[Int]>([])
        let observations = (0..<5).map { number in
            store.observe(fields: fieldKeys("A.x")) { _ in order.withLock { $0.append(number) } }
        }
        defer { observations.forEach { $0.cancel() } }
        try store.merge(records: set(Record(key: "A", ["x": .int(1)])))
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
    }
}

import Synchronization
