import CacheTestSupport
import Dispatch
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// `performAtomically` is one SQLite transaction: all or nothing, nested calls flattened.
@Suite struct TransactionTests {
    struct Boom: Error {}

    @Test func aFailedAtomicBlockLeavesNoChange() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("c.sqlite"))
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
        #expect(throws: Boom.self) {
            try cache.performAtomically {
                try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(2)]), Record(key: "B", ["x": .int(1)])]))
                try cache.removeRecords(matching: "a")
                throw Boom()
            }
        }
        #expect(try cache.loadRecord(forKey: "A")?["x"] == .int(1))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["A"])
    }

    @Test func nestedAtomicBlocksCommitWithTheOutermost() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        let other = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        try cache.performAtomically {
            try cache.performAtomically {
                try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
            }
            #expect(try other.recordCount() == 0)
            try cache.merge(records: RecordSet(records: [Record(key: "B", ["x": .int(1)])]))
        }
        #expect(try other.recordCount() == 2)
        #expect(try other.hasExternalChanges())
        #expect(try other.hasExternalChanges() == false)
    }

    @Test func clearWithVacuumEmptiesTheFile() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("c.sqlite"))
        try cache.merge(records: RecordSet(records: (0..<500).map { Record(key: CacheKey("K:\($0)"), ["x": .string(String(repeating: "y", count: 200))]) }))
        try cache.clear(vacuum: true)
        #expect(try cache.recordCount() == 0)
    }

    @Test func anotherConnectionsCommitShowsUpInTheNextKeyPage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let viewer = try SQLiteNormalizedCache(path: path)
        let app = try SQLiteNormalizedCache(path: path)
        try app.merge(records: RecordSet(records: [Record(key: "Item:2", ["x": .int(1)])]))
        #expect(try viewer.keys(matching: nil, offset: 0, limit: 10) == ["Item:2"])
        #expect(try viewer.keys(matching: "item", offset: 0, limit: 10) == ["Item:2"])
        try app.merge(records: RecordSet(records: [Record(key: "Item:10", ["x": .int(1)])]))
        try app.removeRecord(for: "Item:2")
        #expect(try viewer.hasExternalChanges())
        #expect(try viewer.keys(matching: nil, offset: 0, limit: 10) == ["Item:10"])
        #expect(try viewer.keys(matching: "item", offset: 0, limit: 10) == ["Item:10"])
        #expect(try viewer.loadRecord(forKey: "Item:10")?["x"] == .int(1))
    }

    @Test func aWriterFacingALockWithNoTimeoutGetsBusyNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let holder = try SQLiteNormalizedCache(path: path)
        let impatient = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: 0))
        try holder.performAtomically {
            try holder.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
            #expect(throws: SQLiteError.busy(path: path, message: "database is locked")) {
                try impatient.merge(records: RecordSet(records: [Record(key: "B", ["x": .int(1)])]))
            }
        }
    }

    @Test func aWriterWaitsForAnotherConnectionsLockInsteadOfFailing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let holder = try SQLiteNormalizedCache(path: path)
        let waiter = try SQLiteNormalizedCache(path: path)
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<FieldChanges, any Error>?>(nil)
        try holder.performAtomically {
            try holder.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
            DispatchQueue.global().async {
                let result = Result { try waiter.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(2)])])) }
                outcome.withLock { $0 = result }
                done.signal()
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(try outcome.withLock { try $0?.get() } == [FieldKey(record: "A", field: "x")])
        #expect(try holder.loadRecord(forKey: "A")?["x"] == .int(2))
    }
}
