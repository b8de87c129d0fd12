import CacheTestSupport
import Testing
@testable import GraphQLCache

@Suite struct StoreNotificationTests {
    private let droid = Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2")])

    private func set(_ records: Record...) -> RecordSet { RecordSet(records: records) }

    @Test(arguments: CacheKind.allCases)
    func subscribersHearOncePerTransactionWithEveryChangedKey(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        // Each merge answers its own keys; the change (the first merge's set, then united with
        // the others') holds them all.
        let answers = try store.withinReadWriteTransaction { transaction in
            [try transaction.merge(records: set(Record(key: "Droid:2001", ["name": .string("Artoo")]))),
             try transaction.merge(records: set(Record(key: "Human:1000", ["name": .string("Luke")]))),
             try transaction.merge(records: set(Record(key: "Droid:2001", ["id": .string("2001")])))]
        }
        #expect(answers.map(\.fieldKeys) == [fieldKeys("Droid:2001.name"), fieldKeys("Human:1000.name"), fieldKeys("Droid:2001.id")])
        #expect(recorder.all == [CacheChange(changedFields: fieldKeys("Droid:2001.name", "Human:1000.name", "Droid:2001.id"))])
    }

    @Test(arguments: CacheKind.allCases)
    func nothingIsDeliveredForAnEmptyChange(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        try store.merge(records: set(droid))
        #expect(try store.removeRecord(for: "Nope") == false)
        #expect(try store.removeRecords(matching: "nothing-like-this").isEmpty)
        try store.withinReadWriteTransaction { _ = try $0.loadRecord(forKey: "Droid:2001") }
        _ = try store.withinReadTransaction { try $0.loadRecord(forKey: "Droid:2001") }
        #expect(recorder.count == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func patternRemovalNotifiesItsRecordsWithTheFieldsTheTransactionKnew(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid, Record(key: "Droid:2000", ["name": .string("C-3PO")])])
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        try store.withinReadWriteTransaction { transaction in
            _ = try transaction.loadRecord(forKey: "Droid:2001")
            try transaction.removeRecords(matching: "droid")
        }
        #expect(recorder.all == [CacheChange(
            removedRecords: ["Droid:2000", "Droid:2001"],
            removedFields: fieldKeys("Droid:2001.__typename", "Droid:2001.name")
        )])
    }

    @Test(arguments: CacheKind.allCases)
    func removalByKeyReportsTheRecordsFields(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        try store.removeRecord(for: "Droid:2001")
        #expect(recorder.all == [CacheChange(removedRecords: ["Droid:2001"], removedFields: droid.fieldKeys)])
    }

    @Test(arguments: CacheKind.allCases)
    func recordWrittenAndRemovedInOneTransactionLeavesNoChange(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        try store.withinReadWriteTransaction { transaction in
            try transaction.merge(records: set(Record(key: "Temp:1", ["x": .int(1)])))
            try transaction.removeRecord(for: "Temp:1")
        }
        #expect(recorder.count == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func recordRemovedRewrittenAndRemovedAgainReportsOnlyTheRemoval(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid, Record(key: "Human:1000", ["name": .string("Luke")])])
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        let removed = try store.withinReadWriteTransaction { transaction in
            try transaction.removeRecord(for: "Droid:2001")
            try transaction.merge(records: set(Record(key: "Droid:2001", ["id": .string("2001")]),
                                               Record(key: "Droid:2000", ["id": .string("2000")]),
                                               Record(key: "Human:1000", ["name": .string("Luke Skywalker")])))
            return try transaction.removeRecords(matching: "droid")
        }
        #expect(removed == ["Droid:2000", "Droid:2001"])
        #expect(recorder.all.count == 1)
        #expect(recorder.all.first?.removedRecords == ["Droid:2001"])
        #expect(recorder.all.first?.changedFields == fieldKeys("Human:1000.name"))
        #expect(try store.browsing.allRecords() == RecordSet(records: [Record(key: "Human:1000", ["name": .string("Luke Skywalker")])]))
    }

    @Test(arguments: CacheKind.allCases)
    func clearNotifiesEveryRemovedRecord(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid, Record(key: .queryRoot, ["hero": .reference("Droid:2001")])])
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        try store.clear()
        try store.clear()
        #expect(recorder.all.map(\.removedRecords) == [["Droid:2001", "QUERY_ROOT"]])
    }

    @Test(arguments: CacheKind.allCases)
    func cancelledSubscriptionHearsNothingMore(_ kind: CacheKind) throws {
        let store = kind.makeStore()
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        try store.merge(records: set(Record(key: "A", ["x": .int(1)])))
        subscription.cancel()
        subscription.cancel()
        try store.merge(records: set(Record(key: "A", ["x": .int(2)])))
        #expect(recorder.count == 1)
        #expect(subscription.isCancelled)
    }

    @Test(arguments: CacheKind.allCases)
    func changeCarriesTheOriginOfItsWriter(_ kind: CacheKind) throws {
        let store = kind.makeStore()
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        let origin = store.makeOrigin()
        try store.merge(records: set(Record(key: "A", ["x": .int(1)])), origin: origin)
        try store.merge(records: set(Record(key: "A", ["x": .int(2)])))
        #expect(recorder.all.map(\.origin) == [origin, nil])
        #expect(store.makeOrigin() != origin)
    }

    @Test(arguments: CacheKind.allCases)
    func handlerMayWriteToTheStoreAndChangesArriveInCommitOrder(_ kind: CacheKind) throws {
        let store = kind.makeStore()
        let recorder = ChangeRecorder()
        let subscription = store.subscribe { change in
            recorder.record(change)
            if change.changedFields.contains(FieldKey(record: "A", field: "x")) {
                _ = try? store.merge(records: RecordSet(records: [Record(key: "B", ["echo": .int(1)])]))
            }
        }
        defer { subscription.cancel() }
        try store.merge(records: set(Record(key: "A", ["x": .int(1)])))
        #expect(recorder.all.map(\.changedFields) == [fieldKeys("A.x"), fieldKeys("B.echo")])
    }
}
