import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `SQLiteError` is matched by case, as GRDB's errors are (`catch SQLiteError.busy`), naming the
/// file it concerns.
@Suite struct ErrorMatchingTests {
    @Test func aWriterBlockedByAnotherConnectionCatchesBusyByCase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("locked.sqlite")
        let holder = try SQLiteNormalizedCache(path: path)
        let blocked = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: 0))
        var caughtBusy = false
        try holder.performAtomically {
            try holder.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
            do {
                try blocked.merge(records: RecordSet(records: [Record(key: "B", ["x": .int(1)])]))
            } catch SQLiteError.busy(let lockedPath, _) {
                caughtBusy = lockedPath == path
            }
        }
        #expect(caughtBusy)
        #expect(try blocked.loadRecord(forKey: "A")?["x"] == .int(1))
    }
}
