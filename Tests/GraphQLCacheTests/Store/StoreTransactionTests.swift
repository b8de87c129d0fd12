import CacheTestSupport
import Testing
@testable import GraphQLCache

@Suite struct StoreTransactionTests {
    private let droid = Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2")])
    private let root = Record(key: .queryRoot, ["hero": .reference("Droid:2001")])

    private struct Failure: Error {}

    @Test(arguments: CacheKind.allCases)
    func readsInATransactionSeeItsOwnMerges(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        try store.withinReadWriteTransaction { transaction in
            try transaction.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
            let record = try transaction.loadRecord(forKey: "Droid:2001")
            #expect(record?.fields == ["__typename": .string("Droid"), "name": .string("Artoo")])
            #expect(try store.cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("R2-D2"))
        }
        #expect(try store.loadRecord(forKey: "Droid:2001")?["name"] == .string("Artoo"))
    }

    @Test(arguments: CacheKind.allCases)
    func readsInATransactionSeeItsOwnRemovals(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid, root, Record(key: "Human:1000", ["name": .string("Luke")])])
        try store.withinReadWriteTransaction { (transaction) throws in
            #expect(try transaction.removeRecord(for: "Droid:2001"))
            #expect(try transaction.loadRecord(forKey: "Droid:2001") == nil)
            #expect(try transaction.removeRecords(matching: "HUMAN") == ["Human:1000"])
            #expect(try transaction.loadRecords(forKeys: ["Human:1000", "QUERY_ROOT"]).keys.sorted() == [.queryRoot])
            #expect(try store.browsing.recordCount() == 3)
        }
        #expect(try store.browsing.recordCount() == 1)
    }

    @Test(arguments: CacheKind.allCases)
    func mergeAfterRemovalInATransactionStartsAFreshRecord(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        let changed = try store.withinReadWriteTransaction { transaction in
            try transaction.removeRecord(for: "Droid:2001")
            return try transaction.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["id": .string("2001")])]))
        }
        #expect(changed.fieldKeys == fieldKeys("Droid:2001.id"))
        #expect(try store.loadRecord(forKey: "Droid:2001")?.fields == ["id": .string("2001")])
    }

    @Test(arguments: CacheKind.allCases)
    func removalByPatternDropsRecordsWrittenEarlierInTheTransaction(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        let removed = try store.withinReadWriteTransaction { transaction in
            try transaction.merge(records: RecordSet(records: [Record(key: "Droid:2000", ["name": .string("C-3PO")])]))
            return try transaction.removeRecords(matching: "droid:")
        }
        #expect(removed == ["Droid:2000", "Droid:2001"])
        #expect(try store.browsing.recordCount() == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func clearInATransactionHidesEverythingThenAcceptsNewRecords(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid, root])
        try store.withinReadWriteTransaction { transaction in
            try transaction.clear()
            #expect(try transaction.loadRecords(forKeys: ["Droid:2001", "QUERY_ROOT"]).isEmpty)
            try transaction.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
        }
        #expect(try store.browsing.allRecords() == RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
    }

    @Test(arguments: CacheKind.allCases)
    func throwingTransactionLeavesTheCacheAsItWas(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid, root])
        let before = try store.browsing.allRecords()
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        #expect(throws: Failure.self) {
            try store.withinReadWriteTransaction { transaction in
                try transaction.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
                try transaction.removeRecord(for: "QUERY_ROOT")
                try transaction.clear()
                throw Failure()
            }
        }
        #expect(try store.browsing.allRecords() == before)
        #expect(recorder.count == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func transactionKeptPastItsClosureRefusesToWork(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        var escaped: ReadWriteTransaction?
        try store.withinReadWriteTransaction { escaped = $0 }
        #expect(throws: GraphQLCacheError.transactionClosed) { try escaped?.loadRecord(forKey: "Droid:2001") }
        #expect(throws: GraphQLCacheError.transactionClosed) {
            try escaped?.merge(records: RecordSet(records: [Record(key: "X", ["a": .int(1)])]))
        }
        #expect(try store.cache.loadRecord(forKey: "X") == nil)
    }

    @Test(arguments: CacheKind.allCases)
    func transactionOpenedInsideAReadWriteTransactionIsRefused(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        try store.withinReadWriteTransaction { (transaction) throws in
            #expect(throws: GraphQLCacheError.nestedTransaction) { try store.removeRecord(for: "Droid:2001") }
            #expect(throws: GraphQLCacheError.nestedTransaction) { try store.loadRecord(forKey: "Droid:2001") }
            #expect(try transaction.loadRecord(forKey: "Droid:2001") == droid)
        }
        #expect(try store.loadRecord(forKey: "Droid:2001") == droid)
    }

    @Test(arguments: CacheKind.allCases)
    func mergeInATransactionReportsChangesAgainstItsEarlierWrites(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid])
        try store.withinReadWriteTransaction { transaction in
            let first = try transaction.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
            let again = try transaction.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
            #expect(first.fieldKeys == fieldKeys("Droid:2001.name"))
            #expect(again.isEmpty)
        }
    }

    @Test(arguments: CacheKind.allCases)
    func readTransactionLoadsCommittedRecords(_ kind: CacheKind) throws {
        let store = kind.makeStore([droid, root])
        let records = try store.withinReadTransaction { try $0.loadRecords(forKeys: ["Droid:2001", "QUERY_ROOT", "Nope"]) }
        #expect(records == ["Droid:2001": droid, .queryRoot: root])
    }
}
