import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// A scan in the background (`:lint` over more than 10,000 records) that another process's
/// lock keeps out waits for the lock and goes on once it is released: the overlay opens then,
/// with no "again once it is released" for the user to act on; `Esc` stops the wait.
@Suite(.serialized) struct LockedBackgroundScanTests {
    /// A rollback-journal file of 12,001 rows (a root and items, one pointing at a missing
    /// user), whose cache gives up on a lock after 200 ms, listed in an explorer.
    private func explorer(_ directory: TemporaryDirectory) throws -> (Explorer, String) {
        let path = directory.path("locked.sqlite")
        let rows = (0..<12_000).map { ("Item:\($0)", #"{"__typename":"Item","id":"\#($0)"}"#) }
            + [("QUERY_ROOT", #"{"item":{"$reference":"Item:1"}}"#), ("Item:x", #"{"__typename":"Item","owner":{"$reference":"User:gone"}}"#)]
        try SQLiteTestFile.apolloFile(at: path, rows: rows, extraSQL: "PRAGMA journal_mode=DELETE;")
        let cache = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: 200))
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "locked"), size: Size(width: 100, height: 30))
        _ = explorer.render()
        explorer.settle()
        return (explorer, path)
    }

    /// Another connection takes the file's lock, then `:lint` is typed; returns the holder.
    private func lintWhileLocked(_ explorer: inout Explorer, path: String) throws -> SQLiteConnection {
        let holder = try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 0)
        try holder.exec("BEGIN EXCLUSIVE", context: "holding the lock")
        explorer.press([.character(":")] + Key.sequence(from: "lint") + [.enter])
        return holder
    }

    @Test func aScanTheLockKeepsOutWaitsAndOpensOnceItIsReleased() throws {
        let directory = try TemporaryDirectory()
        var (explorer, path) = try explorer(directory)
        let holder = try lintWhileLocked(&explorer, path: path)
        #expect(explorer.state.scan != nil, "the scan did not start in the background")
        // Three busy timeouts: the scan was refused at least twice meanwhile.
        Thread.sleep(forTimeInterval: 0.7)
        _ = explorer.turn(nil)
        #expect(explorer.state.scan != nil, "the scan ended while the lock was held: \(explorer.state.message?.text ?? "")")
        #expect(explorer.state.message?.text.contains("again once it is released") != true)
        holder.rollback()
        explorer.settle()
        #expect(explorer.state.scan == nil)
        guard case .lint(let list) = explorer.state.mode else {
            Issue.record("no lint overlay once the lock was released: \(explorer.state.mode), \(explorer.state.message?.text ?? "")")
            return
        }
        #expect(list.rows.contains { $0.text.contains("User:gone") })
    }

    @Test func escStopsAScanWaitingForTheLock() throws {
        let directory = try TemporaryDirectory()
        var (explorer, path) = try explorer(directory)
        let holder = try lintWhileLocked(&explorer, path: path)
        Thread.sleep(forTimeInterval: 0.5)
        explorer.press([.escape])
        #expect(explorer.state.scan == nil)
        holder.rollback()
        explorer.settle()
        #expect(explorer.state.mode == .normal, "the stopped scan's overlay opened")
    }
}
