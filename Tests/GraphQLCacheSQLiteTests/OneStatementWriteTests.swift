import CacheTestSupport
import Dispatch
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing

/// A removal by pattern runs its one `DELETE` alone outside `performAtomically` (no statement
/// journal), and still behaves as a write in a transaction does: it waits for another
/// connection's lock, fails as busy without removing anything when it may not wait, is seen by
/// other connections once it returns, and is run again in a transaction when its read went
/// out of date.
@Suite struct OneStatementWriteTests {
    private static func records(_ keys: [String]) -> RecordSet {
        RecordSet(records: keys.map { Record(key: CacheKey($0), ["x": .int(1)]) })
    }

    @Test func aRemovalFacingALockWithNoTimeoutIsBusyAndRemovesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let holder = try SQLiteNormalizedCache(path: path)
        try holder.merge(records: Self.records(["Item:1", "Item:2", "User:1"]))
        let impatient = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: 0))
        #expect(try impatient.keys(matching: "item", offset: 0, limit: 10) == ["Item:1", "Item:2"])
        try holder.performAtomically {
            try holder.merge(records: Self.records(["Item:3"]))
            #expect(throws: SQLiteError.busy(path: path, message: "database is locked")) {
                try impatient.removeRecords(matching: "item")
            }
        }
        #expect(try impatient.keys(matching: "item", offset: 0, limit: 10) == ["Item:1", "Item:2", "Item:3"])
        #expect(try impatient.removeRecords(matching: "item") == ["Item:1", "Item:2", "Item:3"])
    }

    @Test func aRemovalWaitsForAnotherConnectionsLockAndIsSeenOnceItReturns() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let holder = try SQLiteNormalizedCache(path: path)
        try holder.merge(records: Self.records(["Item:1", "Item:2", "User:1"]))
        let remover = try SQLiteNormalizedCache(path: path)
        let viewer = try SQLiteNormalizedCache(path: path)
        _ = try viewer.hasExternalChanges()
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Set<CacheKey>, any Error>?>(nil)
        try holder.performAtomically {
            try holder.merge(records: Self.records(["Item:3"]))
            DispatchQueue.global().async {
                let result = Result { try remover.removeRecords(matching: "item") }
                outcome.withLock { $0 = result }
                done.signal()
            }
        }
        done.wait()
        #expect(try outcome.withLock { try $0?.get() } == ["Item:1", "Item:2", "Item:3"])
        #expect(try viewer.hasExternalChanges())
        #expect(try viewer.keys(matching: nil, offset: 0, limit: 10) == ["User:1"])
    }

    /// A read that another connection's commit overtook, made for certain: the body keeps a
    /// select open (so its read began before) while the other connection commits, then
    /// deletes. SQLite refuses that write (`SQLITE_BUSY_SNAPSHOT`); the body is run again in
    /// an immediate transaction and deletes what is there by then.
    @Test func aStatementWhoseReadWentStaleRunsAgainInATransaction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: Self.records(["Item:1", "User:1"]))
        let other = try SQLiteNormalizedCache(path: path)
        let runs = Mutex(0)
        let removed = try cache.writeOneStatement { state -> [CacheKey] in
            let run = runs.withLock { runs in
                runs += 1
                return runs
            }
            let connection = state.connection
            guard run == 1 else { return try SQLiteNormalizedCache.deleteRows(matching: "item", on: connection) }
            return try connection.withStatement(#"SELECT "key" FROM "records""#) { select in
                _ = try select.step()
                try other.merge(records: Self.records(["Item:2"]))
                return try SQLiteNormalizedCache.deleteRows(matching: "item", on: connection)
            }
        }
        #expect(runs.withLock { $0 } == 2)
        #expect(Set(removed) == ["Item:1", "Item:2"])
        #expect(try other.keys(matching: nil, offset: 0, limit: 10) == ["User:1"])
    }
}
