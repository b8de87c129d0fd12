import CacheTestSupport
import Foundation
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing

/// The explorer's page of keys and their count do not wait for this process's own call on the
/// connection (issue 27): the key listing is memory, and while a background chunk of a big
/// delete holds the connection, the UI's page and count come from the listing as it stands.
/// Before, a key press made three or four waits behind such chunks and took up to 127 ms.
@Suite(.serialized) struct ListingWhileHeldTests {
    /// The holder runs on a thread of its own: blocked on the cooperative pool it would starve
    /// the test.
    private let executor = DispatchTaskExecutor(label: "ListingWhileHeldTests")

    private func cache(in directory: TemporaryDirectory) throws -> SQLiteNormalizedCache {
        let path = directory.path("listing.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: (1...12).map { ("Item:\($0)", #"{"x":1}"#) })
        return try SQLiteNormalizedCache(path: path)
    }

    /// Holds the connection from another thread (a read, not a write: the UI waits for reads)
    /// until `release` is set, or for 30 s after `reading` is set, so that a UI call waiting
    /// for it (as before the fix) fails the test instead of hanging it; `boundReached` says so.
    private func hold(_ cache: SQLiteNormalizedCache, holding: Flag, release: Flag, reading: Flag,
                      boundReached: Flag = Flag()) -> Task<Void, any Error> {
        Task(executorPreference: executor) {
            try cache.withTurn { _ in
                holding.set()
                var readSince: ContinuousClock.Instant?
                while !release.isSet {
                    if reading.isSet, readSince == nil { readSince = .now }
                    if let readSince, ContinuousClock.now - readSince > .seconds(30) { return boundReached.set() }
                    usleep(200)
                }
            }
        }
    }

    /// `read` as the UI makes it, while another thread holds the connection for 20 ms more:
    /// a read that must wait for the connection gets it then.
    private func readAsTheUIWhileHeldBriefly<T>(_ cache: SQLiteNormalizedCache, _ read: () throws -> T) async throws -> T {
        let holding = Flag(), release = Flag(), reading = Flag()
        let holder = hold(cache, holding: holding, release: release, reading: reading)
        while !holding.isSet { await Task.yield() }
        let releaser = Task(executorPreference: executor) {
            while !reading.isSet { usleep(200) }
            usleep(20_000)
            release.set()
        }
        reading.set()
        let result = try LockWaiting.$forbidden.withValue(true) { try read() }
        try await holder.value
        await releaser.value
        return result
    }

    @Test func aUIPageAndCountOfListedKeysDoNotWaitForTheConnection() async throws {
        let directory = try TemporaryDirectory()
        let cache = try cache(in: directory)
        let listed = try cache.keys(matching: nil, offset: 0, limit: 5)
        let filtered = try cache.keys(matching: "item:1", offset: 0, limit: 5)
        let holding = Flag(), release = Flag(), reading = Flag(), boundReached = Flag()
        let holder = hold(cache, holding: holding, release: release, reading: reading, boundReached: boundReached)
        while !holding.isSet { await Task.yield() }  // polls, no fixed sleep
        reading.set()
        let (page, count, filteredPage) = try LockWaiting.$forbidden.withValue(true) {
            (try cache.keys(matching: nil, offset: 0, limit: 5), try cache.keyCount(matching: nil),
             try cache.keys(matching: "item:1", offset: 0, limit: 5))
        }
        // Had a call waited for the holder, the holder would have let go at its bound.
        let stillHeld = !boundReached.isSet
        release.set()
        try await holder.value
        #expect(stillHeld, "the UI's page waited for this process's call on the connection")
        #expect(page == listed)
        #expect(count == 12)
        #expect(filteredPage == filtered)
        #expect(filtered == ["Item:1", "Item:10", "Item:11", "Item:12"])
    }

    /// Another process's commit that a look has seen leaves the listing behind the file: the UI
    /// then waits for the connection, as for keys not read yet, rather than count and page the
    /// keys as they were (a list that stayed at the old count after the app added a record).
    @Test func aListingThatALookFoundBehindTheFileIsNotServedWhileHeld() async throws {
        let directory = try TemporaryDirectory()
        let cache = try cache(in: directory)
        try cache.startTrackingExternalChanges()
        #expect(try cache.keyCount(matching: nil) == 12)
        _ = try cache.keys(matching: nil, offset: 0, limit: 5)
        let other = try SQLiteNormalizedCache(path: directory.path("listing.sqlite"))
        _ = try other.merge(records: RecordSet(records: [Record(key: "Item:13", ["x": .int(1)])]))
        let found = try #require(try cache.externalChanges())
        #expect(found.change.changedRecords == ["Item:13"])
        let (count, page) = try await readAsTheUIWhileHeldBriefly(cache) {
            (try cache.keyCount(matching: nil), try cache.keys(matching: nil, offset: 0, limit: 20))
        }
        #expect(count == 13)
        #expect(page.contains("Item:13"))
    }

    /// Keys not read yet cannot come from memory: the UI waits for the connection, as before.
    @Test func keysNotListedYetAreReadOnceTheConnectionIsFree() async throws {
        let directory = try TemporaryDirectory()
        let cache = try cache(in: directory)
        let page = try await readAsTheUIWhileHeldBriefly(cache) { try cache.keys(matching: nil, offset: 0, limit: 3) }
        #expect(page == ["Item:1", "Item:2", "Item:3"])
    }
}
