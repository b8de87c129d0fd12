import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Another process commits to the file, then holds its lock while it writes again (an app
/// re-saving its records): the list read again for that commit is refused on the UI thread
/// (issue 27). It keeps what it showed until it can read again, rather than saying the file
/// holds `no records` (`0 records`), and reads the new rows once the lock is gone.
@Suite(.serialized) struct LockedListTests {
    @Test func theListKeepsItsRowsWhileAnotherProcessHoldsTheLock() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: (1...5).map { ("Item:\($0)", #"{"name":"item \#($0)"}"#) })
        let cache = try SQLiteNormalizedCache(path: path)
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "app"), size: Size(width: 100, height: 30))
        let shown = explorer.state.list.rows
        #expect(explorer.state.list.count == 5 && shown.count == 5)
        // The app's commit: every row replaced (new rowids), one added; then it holds the lock.
        let app = try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 5_000)
        try app.exec("""
            INSERT OR REPLACE INTO records (key, record) SELECT key, '{"name":"again"}' FROM records;
            INSERT INTO records (key, record) VALUES ('Item:6', '{"name":"new"}');
            """, context: "the app's commit")
        try app.exec("BEGIN EXCLUSIVE", context: "holding the lock")
        LockWaiting.$forbidden.withValue(true) { explorer.send(.storeDidChange(CacheChange(origin: .external))) }
        #expect(explorer.state.list.count == 5, "the list's count while the lock keeps it from being read")
        #expect(explorer.state.list.rows == shown, "the list's rows while the lock keeps them from being read")
        #expect(explorer.state.record?.key == "Item:1")
        #expect(explorer.state.lockedOutReads, "nothing says the list is to be read again")
        try app.exec("COMMIT", context: "letting go")
        // The change-poll's turns, as the terminal loop makes them, until the commit is read
        // (polled: the wait is said over once no call has been kept out for a moment).
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !explorer.state.list.rows.map(\.key).contains("Item:6"), clock.now < deadline {
            LockWaiting.$forbidden.withValue(true) {
                _ = explorer.turn(nil, pollingExternalChanges: true)
                explorer.send(.tick(clock.now - deadline))
            }
            usleep(2_000)
        }
        #expect(explorer.state.list.count == 6)
        #expect(explorer.state.list.rows.map(\.key).contains("Item:6"))
        #expect(explorer.state.list.rows.first?.size == #"{"name":"again"}"#.utf8.count)
    }
}
