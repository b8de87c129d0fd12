import CacheTestSupport
@testable import CacheExplorer
import Foundation
import Testing

/// The waiting line's process name comes from the kernel's lock table: a holder of a lock on
/// the database file (or its `-shm`) is named, a waiter, this process and other files are not.
@Suite struct LockHolderLookupTests {
    @Test func theLockTableNamesTheProcessesHoldingALockOnTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("held.sqlite")
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)
        let own = ProcessInfo.processInfo.processIdentifier
        let table = """
            1: POSIX  ADVISORY  WRITE 4242 08:01:\(inode) 1073741824 1073741825
            1: -> POSIX  ADVISORY  WRITE 5151 08:01:\(inode) 1073741824 1073741825
            2: POSIX  ADVISORY  READ \(own) 08:01:\(inode) 1073741826 1073742335
            3: POSIX  ADVISORY  WRITE 6161 08:01:\(inode.int64Value + 1) 0 EOF
            """
        #expect(LockHolderLookup(databasePath: path).lockingProcesses(table: table) == [4242])
    }
}
