import CacheTestSupport
import Dispatch
import Testing
@testable import GraphQLCache

/// Reads run on a snapshot (memory: shared storage; SQLite in WAL mode: a read transaction on a
/// reader connection): a write commits while a read transaction is open, the open read keeps
/// seeing the state it started with, and the next read sees the write.
@Suite struct SnapshotReadTests {
    @Test(arguments: CacheKind.allCases)
    func aWriteCommitsWhileAReadIsOpenAndTheReadKeepsItsSnapshot(_ kind: CacheKind) throws {
        let store = CacheStore(cache: kind.makeCache([Record(key: "Droid:2001", ["name": .string("R2-D2")])]))
        let written = DispatchSemaphore(value: 0)
        let seen = try store.withinReadTransaction { transaction -> (before: CacheValue?, after: CacheValue?) in
            let before = try transaction.loadRecord(forKey: "Droid:2001")?["name"]
            DispatchQueue.global().async {
                _ = try? store.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
                written.signal()
            }
            // Only a guard against hanging if writers waited for readers again: the write needs no time.
            #expect(written.wait(timeout: .now() + 30) == .success)
            return (before, try transaction.loadRecord(forKey: "Droid:2001")?["name"])
        }
        #expect(seen.before == .string("R2-D2"))
        #expect(seen.after == .string("R2-D2"))
        #expect(try store.loadRecord(forKey: "Droid:2001")?["name"] == .string("Artoo"))
    }
}
