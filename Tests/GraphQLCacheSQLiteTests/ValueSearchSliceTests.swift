import CacheTestSupport
import Dispatch
import Foundation
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing

/// `:find`'s slices (`ValueSearching`): each reads its rows on a read-only connection of its
/// own, not under the cache's connection, and answers only the records whose values match.
@Suite struct ValueSearchSliceTests {
    static let rows: [(String, String)] = [
        ("Human:1", #"{"__typename":"Human","name":"Luke Skywalker"}"#),
        ("Human:2", #"{"__typename":"Human","luke":"Leia"}"#),
        ("Human:3", #"{"__typename":"Human","name":"luke\u0020skywalker"}"#),
        ("Broken:1", "luke, but not JSON"),
        ("Human:4", #"{"__typename":"Human","friend":{"$reference":"LUKE:1"}}"#),
    ]

    static func cache(_ directory: TemporaryDirectory) throws -> SQLiteNormalizedCache {
        let path = directory.path("search.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: rows)
        return try SQLiteNormalizedCache(path: path)
    }

    /// Every slice of `rows` rows, in order, until the last.
    static func search(_ cache: SQLiteNormalizedCache, _ search: ValueSearch, rows: Int) throws -> (matches: [CacheKey], slices: Int) {
        var matches: [CacheKey] = [], slices = 0, position: Int64 = 0
        while true {
            let slice = try cache.searchSlice(for: search, from: position, rows: rows)
            matches += slice.matches
            slices += 1
            if slice.isLast { return (matches, slices) }
            position = slice.next
        }
    }

    @Test func slicesAnswerTheRecordsWhoseValuesMatchInRowOrder() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(directory)
        let found = try Self.search(cache, ValueSearch(text: "luke"), rows: 2)
        // Not Human:2 (the text is a field name), not the row that is not JSON.
        #expect(found.matches == ["Human:1", "Human:3", "Human:4"])
        #expect(found.slices == 3)
        #expect(try Self.search(cache, ValueSearch(text: "luke", field: "friend"), rows: 100).matches == ["Human:4"])
    }

    /// The scan must not wait for the cache's connection: a key pressed meanwhile would wait
    /// for each slice (the mutex is not fair), and one slice holding a huge row held it for
    /// tens of milliseconds.
    @Test func aSliceIsReadWhileTheCacheConnectionIsHeld() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(directory)
        let done = DispatchSemaphore(value: 0)
        let matches = Mutex<[CacheKey]?>(nil)
        let answered = cache.state.withLock { _ in
            DispatchQueue.global().async {
                let slice = try? cache.searchSlice(for: ValueSearch(text: "skywalker"), from: 0, rows: 100)
                matches.withLock { $0 = slice?.matches }
                done.signal()
            }
            return done.wait(timeout: .now() + 10) == .success
        }
        if !answered { done.wait() }
        #expect(answered, "the slice waited for the connection held")
        #expect(matches.withLock { $0 } == ["Human:1", "Human:3"])
    }

    /// Another program renaming a file over the cache's: the explorer still shows the file it
    /// opened (and says it was replaced), so the search reads that file too, not the new one.
    @Test func aSearchAfterTheFileWasReplacedReadsTheFileOpened() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(directory)
        let other = directory.path("other.sqlite")
        try SQLiteTestFile.apolloFile(at: other, rows: [("Other:1", #"{"name":"nobody"}"#)])
        #expect(rename(other, cache.path) == 0)
        #expect(try Self.search(cache, ValueSearch(text: "skywalker"), rows: 100).matches == ["Human:1", "Human:3"])
    }

    /// A connection of its own sees what was committed: not a write transaction still open.
    @Test func aSearchSeesCommittedRowsOnly() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(directory)
        let needle = ValueSearch(text: "needle")
        try cache.performAtomically {
            var records = RecordSet()
            records.merge(record: Record(key: "Item:1", ["name": .string("needle")]))
            _ = try cache.merge(records: records)
            #expect(try Self.search(cache, needle, rows: 100).matches.isEmpty)
        }
        #expect(try Self.search(cache, needle, rows: 100).matches == ["Item:1"])
    }
}

/// A search's reader and the cache's own writes keep each other out for a moment on a file
/// with a rollback journal; that is not another process's lock, and the explorer must not say
/// it waits for one (nor refuse the UI's reads while it would).
@Suite struct OwnLockWaitTests {
    @Test func aCommitKeptOutByTheCachesOwnSearchIsNoLockWait() throws {
        let directory = try TemporaryDirectory()
        let cache = try ValueSearchSliceTests.cache(directory)
        #expect(try SQLiteTestFile.scalar("PRAGMA journal_mode", at: cache.path) == "delete")
        let reader = try #require(cache.takeReader())
        try reader.begin(immediate: false)
        _ = try reader.withStatement(#"SELECT count(*) FROM "records""#) { try $0.step() }
        cache.turns.readerSliceBegan()
        let held = IdleReader(connection: reader)   // handed to one other thread, as the pool does
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            held.connection.rollback()
            cache.turns.readerSliceEnded()
        }
        var records = RecordSet()
        records.merge(record: Record(key: "Item:1", ["name": .string("written")]))
        _ = try cache.merge(records: records)   // waits for the reader's shared lock, then commits
        #expect(cache.lockWaitElapsed == nil)
    }

    @Test func aWaitTheConnectionCannotBlameOnItsOwnProcessIsNoted() {
        let waiting = SQLiteBusyWaiting(timeoutMilliseconds: 0)
        waiting.notesOwnLocks { true }
        _ = waiting.shouldRetry(attempt: 0)
        #expect(waiting.clock.elapsed == nil)
        waiting.notesOwnLocks { false }
        _ = waiting.shouldRetry(attempt: 0)
        #expect(waiting.clock.elapsed != nil)
    }
}
