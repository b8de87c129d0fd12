import CacheKeyIndex
import Foundation
import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing
import SQLiteBaseline

/// Paging a big file: the first and last screens come from the head and tail while the full
/// sort runs in the background, a middle page waits for it, and every page equals the
/// natural-order listing.
@Suite struct KeyListingSQLiteTests {
    private func bigCache(_ directory: TemporaryDirectory, count: Int) throws -> (SQLiteNormalizedCache, [CacheKey]) {
        let path = directory.path("big.sqlite")
        let raw = try RawSQLiteBaseline(path: path)
        let keys = (0..<count).map { i in CacheKey(i % 3 == 0 ? "Item:\(i)" : i % 3 == 1 ? "QUERY_ROOT.items.\(i)" : "Person:\(i).friends.\(i % 7)") }
        try raw.insert(keys.map { (key: $0, json: Array("{}".utf8)) })
        let cache = try SQLiteNormalizedCache(path: path)
        cache.listing.withLock { $0.backgroundThreshold = 1000 }
        return (cache, keys.sorted())
    }

    private func indexIsReady(_ cache: SQLiteNormalizedCache) -> Bool {
        cache.listing.withLock { $0.index != nil }
    }

    @Test func firstPagesComeFromTheHeadAndDeepPagesMatchTheFullOrder() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 5000)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 50) == Array(sorted[0..<50]))
        #expect(try cache.keys(matching: nil, offset: 1990, limit: 10) == Array(sorted[1990..<2000]))
        #expect(try cache.keys(matching: nil, offset: 4990, limit: 50) == Array(sorted[4990...]))
        #expect(try cache.keys(matching: "item:1", offset: 0, limit: 5) == Array(sorted.filter { $0.rawValue.hasPrefix("Item:1") }.prefix(5)))
    }

    @Test func theBackgroundSortInstallsTheIndex() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 5000)
        #expect(try cache.keys(matching: nil, offset: 100, limit: 20) == Array(sorted[100..<120]))
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while !indexIsReady(cache) && ContinuousClock.now < deadline {
            _ = try cache.keys(matching: nil, offset: 0, limit: 1)
        }
        #expect(indexIsReady(cache))
        #expect(try cache.keys(matching: nil, offset: 2500, limit: 3) == Array(sorted[2500..<2503]))
    }

    @Test func theLastPageComesFromTheTailWhileSorting() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 6000)
        #expect(try cache.keyCount(matching: nil) == 6000)
        // Under the lock the background sort cannot install its index while the tail is read.
        let (tail, sorting) = cache.listing.withLock { listing in (listing.headPage(5960..<6000), listing.index == nil) }
        if sorting { #expect(tail == Array(sorted[5960..<6000])) }
        #expect(try cache.keys(matching: nil, offset: 5990, limit: 40) == Array(sorted[5990...]))
        #expect(try cache.keys(matching: nil, offset: 3000, limit: 5) == Array(sorted[3000..<3005]))
    }

    @Test func aMiddlePageWhileSortingIsSelectedFromTheUnsortedKeys() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 6000)
        #expect(try cache.keyCount(matching: nil) == 6000)
        // Under the lock the background sort cannot install its index while the page is read.
        let (page, sorting) = cache.listing.withLock { listing in (listing.unsorted?.unsortedPage(3000..<3040), listing.index == nil) }
        if sorting { #expect(page == Array(sorted[3000..<3040])) }
        #expect(try cache.keys(matching: nil, offset: 2000, limit: 40) == Array(sorted[2000..<2040]))
    }

    @Test func aLongerFilterNarrowsTheShorterOnesMatches() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 3000)
        for filter in ["i", "it", "ITEM:", "item:1", "item:12", "item:1", "Person"] {
            let expected = sorted.filter { KeyPattern(filter).matches($0) }
            #expect(try cache.keyCount(matching: filter) == expected.count, "\(filter)")
            #expect(try cache.keys(matching: filter, offset: 0, limit: 10_000) == expected, "\(filter)")
        }
    }

    @Test func aWriteWhileSortingIsSeenByTheNextPage() throws {
        let directory = try TemporaryDirectory()
        let (cache, _) = try bigCache(directory, count: 5000)
        _ = try cache.keys(matching: nil, offset: 0, limit: 10)
        try cache.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT", ["x": .int(1)])]))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 1) == [.queryRoot])
        try cache.removeRecord(for: .queryRoot)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 1) != [.queryRoot])
    }

    @Test func aFilterOverManyKeysIsCountedUpToThePageThenInTheBackground() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 5000)
        let expected = sorted.filter(KeyPattern("item:1").matches)
        let known = try cache.keyCount(matching: "item:1", atLeast: 10)
        #expect(known.count >= 10 && known.count < expected.count && !known.isExact)
        #expect(try cache.keys(matching: "item:1", offset: 0, limit: 10) == Array(expected.prefix(10)))
        let counted = Mutex<Int?>(nil)
        cache.countKeysInBackground(matching: "item:1") { count in counted.withLock { $0 = count } }
        #expect(eventually { counted.withLock { $0 } } == expected.count)
        #expect(try cache.keyCount(matching: "item:1", atLeast: 10) == KeyCount(count: expected.count, isExact: true))
    }

    @Test func typingAndDeletingAFilterListsWhatKeyPatternAccepts() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 5000)
        let typed = ["i", "it", "ite", "item", "item:", "item:1", "item:12", "item:1", "item:", "itemé", "Item", "person:1", "p"]
        for filter in typed {
            let expected = sorted.filter(KeyPattern(filter).matches)
            let known = try cache.keyCount(matching: filter, atLeast: 5)
            #expect(known.isExact ? known.count == expected.count : (5...expected.count).contains(known.count), "\(filter)")
            #expect(try cache.keys(matching: filter, offset: 0, limit: 7) == Array(expected.prefix(7)), "\(filter)")
            #expect(try cache.keys(matching: filter, offset: 100, limit: 7) == Array(expected.dropFirst(100).prefix(7)), "\(filter)")
        }
        #expect(try cache.keyCount(matching: "item:1") == sorted.filter(KeyPattern("item:1").matches).count)
    }

    @Test func aKeyWrittenWhileAFilterIsCountedShowsUp() throws {
        let directory = try TemporaryDirectory()
        let (cache, _) = try bigCache(directory, count: 5000)
        _ = try cache.keyCount(matching: "item", atLeast: 5)
        cache.countKeysInBackground(matching: "item") { _ in }
        try cache.merge(records: RecordSet(records: [Record(key: "Item:new", ["x": .int(1)])]))
        #expect(try cache.keyCount(matching: "item:new") == 1)
        #expect(try cache.keys(matching: "ITEM:NEW", offset: 0, limit: 5) == ["Item:new"])
        #expect(try cache.keyCount(matching: nil) == 5001)
    }

    /// A background count holds a copy of the index; the keys written meanwhile are put in
    /// place rather than the listing dropped (the next page would read every key again: two
    /// seconds at ten million keys).
    @Test func aKeyWrittenWhileAFilterIsCountedKeepsTheListing() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 5000)
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while !indexIsReady(cache) && ContinuousClock.now < deadline { _ = try cache.keys(matching: nil, offset: 0, limit: 1) }
        _ = try cache.keyCount(matching: "item", atLeast: 5)
        // Counted 30 ms from now, on another thread.
        cache.countKeysInBackground(matching: "item") { _ in }
        try cache.merge(records: RecordSet(records: [Record(key: "Item:new", ["x": .int(1)])]))
        #expect(indexIsReady(cache), "the listing was dropped")
        let expected = (sorted + ["Item:new"]).sorted()
        #expect(try cache.keys(matching: nil, offset: 0, limit: 6000) == expected)
    }

    @Test func aFilterWhileTheKeysSortIsServedFromTheFirstKeys() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 6000)
        let expected = sorted.filter(KeyPattern("item").matches)
        #expect(try cache.keyCount(matching: nil) == 6000)
        // Under the lock the background sort cannot install its index meanwhile.
        let (early, sorting) = cache.state.withLock { state in (try? state.matchesWhileSorting("item"), state.keys.withLock { $0.index == nil }) }
        if sorting {
            #expect(early.map { !$0.isEmpty && $0 == Array(expected.prefix($0.count)) } == true)
        }
        let known = try cache.keyCount(matching: "item", atLeast: 5)
        #expect(known.count >= 5 && known.count <= expected.count)
        #expect(try cache.keys(matching: "item", offset: 0, limit: 5) == Array(expected.prefix(5)))
        let counted = Mutex<Int?>(nil)
        cache.countKeysInBackground(matching: "item") { count in counted.withLock { $0 = count } }
        #expect(eventually { counted.withLock { $0 } } == expected.count)
        #expect(try cache.keys(matching: "item", offset: 100, limit: 5) == Array(expected[100..<105]))
    }

    @Test func aFilterOverFewKeysIsCountedAtOnce() throws {
        let directory = try TemporaryDirectory()
        let (cache, sorted) = try bigCache(directory, count: 500)
        #expect(try cache.keyCount(matching: "item", atLeast: 1) == KeyCount(count: sorted.filter(KeyPattern("item").matches).count, isExact: true))
    }

    /// A file whose background sort waits at `gate`: the first count starts it.
    private func sortingCache(_ directory: TemporaryDirectory, gate: Gate) throws -> (SQLiteNormalizedCache, [CacheKey]) {
        let (cache, sorted) = try bigCache(directory, count: 6000)
        cache.listing.withLock { $0.backgroundSortHold = { gate.pass() } }
        #expect(try cache.keyCount(matching: nil) == 6000)
        return (cache, sorted)
    }

    /// Keys this cache writes and removes while the keys sort in the background are applied to
    /// the keys being sorted, and to the sort's result once installed: the listing is not
    /// dropped (ten million keys read again: two seconds), and pages meanwhile show them.
    @Test func keysWrittenAndRemovedWhileTheKeysSortAreShownAndKept() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        let (cache, sorted) = try sortingCache(directory, gate: gate)
        defer { gate.open() }
        let sort = cache.listing.withLock { $0.sorting }
        try cache.merge(records: RecordSet(records: [Record(key: "AAA:new", ["x": .int(1)]), Record(key: "Item:new", ["x": .int(2)])]))
        try cache.removeRecord(for: sorted[10])
        try cache.removeRecord(for: sorted[3000])
        #expect(cache.listing.withLock { $0.sorting === sort && $0.index == nil }, "the listing was dropped")
        let expected = (sorted.filter { $0 != sorted[10] && $0 != sorted[3000] } + ["AAA:new", "Item:new"]).sorted()
        #expect(try cache.keyCount(matching: nil) == expected.count)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 20) == Array(expected.prefix(20)))
        #expect(try cache.keys(matching: nil, offset: 2990, limit: 20) == Array(expected[2990..<3010]))
        #expect(try cache.keys(matching: nil, offset: expected.count - 5, limit: 10) == Array(expected.suffix(5)))
        gate.open()
        #expect(eventually { indexIsReady(cache) ? true : nil } == true)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 7000) == expected)
    }

    /// Deletes by pattern while the keys sort: the one that names the keys it deleted and the
    /// explorer's, which keeps the rows and says only that every matching key is gone.
    @Test(arguments: [false, true])
    func aDeleteByPatternWhileTheKeysSortIsShownAndKept(keepingRows: Bool) throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        let (cache, sorted) = try sortingCache(directory, gate: gate)
        defer { gate.open() }
        let sort = cache.listing.withLock { $0.sorting }
        let pattern = keepingRows ? "person:" : "item:1"
        if keepingRows {
            let count = sorted.filter(KeyPattern(pattern).matches).count
            _ = try cache.removeRows(matching: pattern, expecting: count) { _ in }
        } else {
            try cache.removeRecords(matching: pattern)
        }
        #expect(cache.listing.withLock { $0.sorting === sort && $0.index == nil }, "the listing was dropped")
        let expected = sorted.filter { !KeyPattern(pattern).matches($0) }
        #expect(try cache.keyCount(matching: nil) == expected.count)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 20) == Array(expected.prefix(20)))
        #expect(try cache.keys(matching: nil, offset: 2000, limit: 20) == Array(expected[2000..<2020]))
        gate.open()
        #expect(eventually { indexIsReady(cache) ? true : nil } == true)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 7000) == expected)
    }

    /// Waits (a minute at most) until `found` gives a value, looking every millisecond (not
    /// spinning: the suite's terminal tests share the cores).
    private func eventually<T>(_ found: () -> T?) -> T? {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while ContinuousClock.now < deadline {
            if let value = found() { return value }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return nil
    }

    /// A frame's count and page while the keys sort: what the first keys hold, an inexact count
    /// the background count completes, never a wait for the sort (ten million keys sort for
    /// seconds, and the key press froze that long). The library's `keys(matching:)` still
    /// waits for the whole answer.
    @Test func aFilterTypedWhileTheKeysSortDoesNotWaitForTheSort() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        defer { gate.open() }
        let (cache, sorted) = try sortingCache(directory, gate: gate)
        for filter in ["items.1", "item:1"] {
            let expected = sorted.filter(KeyPattern(filter).matches)
            let known = try cache.keyCount(matching: filter, atLeast: 100)
            let page = try cache.keysFound(matching: filter, offset: 0, limit: 100)
            #expect(!known.isExact && known.count < 100 && expected.count > 100, "\(filter)")
            #expect(page == Array(expected.prefix(known.count)), "\(filter)")
        }
        #expect(cache.listing.withLock { $0.index == nil }, "a frame's filter waited for the sort")
        let expected = sorted.filter(KeyPattern("items.1").matches)
        let counted = Mutex<Int?>(nil)
        cache.countKeysInBackground(matching: "items.1") { count in counted.withLock { $0 = count } }
        gate.open()
        #expect(eventually { counted.withLock { $0 } } == expected.count)
        #expect(try cache.keysFound(matching: "items.1", offset: 0, limit: 100) == Array(expected.prefix(100)))
        #expect(try cache.keys(matching: "item:1", offset: 0, limit: 100) == Array(sorted.filter(KeyPattern("item:1").matches).prefix(100)))
    }

    /// Typing a filter while the keys sort asks a background count at each key; once sorted,
    /// the last filter asked is counted, not whichever waiter woke last (the others' counts
    /// would stop it, and the screen kept `N+ matching`).
    @Test func theLastFilterCountedWhileTheKeysSortIsTheOneDelivered() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        defer { gate.open() }
        let (cache, sorted) = try sortingCache(directory, gate: gate)
        let delivered = Mutex<[String: Int]>([:])
        for filter in ["i", "it", "ite", "item", "items", "items.", "items.1"] {
            cache.countKeysInBackground(matching: filter) { count in delivered.withLock { $0[filter] = count } }
        }
        gate.open()
        #expect(eventually { delivered.withLock { $0["items.1"] } } == sorted.filter(KeyPattern("items.1").matches).count)
    }
}
