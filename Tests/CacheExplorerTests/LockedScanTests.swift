import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// `r` (inbound references), the `D` preview and `:lint` scan the file on the UI thread. While
/// another process holds the file's lock and this explorer's own background write waits for it
/// (holding the connection meanwhile), they must not wait behind that write (issue 27): they
/// are refused at once, and the status line says that the lock keeps them out.
@Suite(.serialized) struct LockedScanTests {
    @Test(arguments: ["r", "D", ":lint"])
    func aScanIsRefusedAtOnceWhileABackgroundWriteWaitsForTheLock(command: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("held.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Lock:1", #"{"word":"first"}"#),
                                                       ("Other:1", #"{"to":{"$reference":"Lock:1"}}"#)])
        let cache = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: 4_000))
        let backend = StoreBackend(cache: cache, sourceName: "held")
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        let holder = try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 0)
        try holder.exec("BEGIN EXCLUSIVE", context: "holding the lock")
        defer { holder.rollback() }
        let ended = WriteEnd()
        backend.onChange { action in if case .longWorkFinished = action { ended.set() } }
        // An edit refused by the lock waits for it in the background, holding the connection.
        _ = backend.startWrite([Record(key: "Lock:3", ["word": .string("third")])])
        while backend.lockWaitElapsed == nil { Thread.sleep(forTimeInterval: 0.001) }  // polls until it waits
        LockWaiting.$forbidden.withValue(true) {
            switch command {
            case "r": explorer.press([.character("r")])
            case "D": explorer.press([.character("D")] + "Lock".map(Key.character) + [.enter])
            default: explorer.press(command.map(Key.character) + [.enter])
            }
        }
        // Had the scan waited for the connection, the write would have given up first.
        let writeStillWaits = !ended.isSet
        holder.rollback()
        backend.waitUntilIdle()
        #expect(writeStillWaits, "\(command) waited behind the write waiting for the lock")
        let message = explorer.state.message?.text ?? ""
        #expect(message.contains("another process holds the file's lock"), "\(message)")
        #expect(message.contains("\(command) again once it is released"), "\(message)")
    }
}

/// Set once the background write has ended (from the backend's thread).
private final class WriteEnd: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
