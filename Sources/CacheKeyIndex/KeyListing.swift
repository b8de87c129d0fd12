import GraphQLCache

/// The SQLite cache's in-memory view of its keys for browsing: the sorted index once built, and
/// until then the first and the last keys in order (`head`), so that the first screen and the
/// bottom (`G`) do not wait for the full sort, which runs in the background (`sorting`).
///
/// A background sort started before the keys changed is discarded rather than installed: the
/// cache installs its result only while `sorting` is still that sort, and `invalidate` drops it.
package struct KeyListing {
    /// How many keys at each end are found for the first and last screens while the sort runs.
    package static let headSize = 256
    /// Below this many keys the sort is quick enough to do at once (tests lower it).
    package var backgroundThreshold = 100_000
    /// From about this many keys (the file's highest row id) a browser's first read of them
    /// runs in the background (`reading`): 1,000,000 keys take about 260 ms to read, 10,000,000
    /// about 2.6 s (tests lower it).
    package var backgroundReadThreshold = 500_000
    /// How long the caller that starts such a read waits for it before answering that it
    /// runs: a file whose highest row id overstates its keys (an app that deleted and wrote
    /// rows again: 100,101 keys under row id 900,000) is read by then, and is listed at once as
    /// before; ten million keys are not, and the first frame says how far the read got.
    package var backgroundReadPatience = Duration.milliseconds(100)
    /// Called by a background read before it reads (tests only: it waits until the test lets
    /// it go, so that the test sees the read under way however the threads are scheduled).
    package var backgroundReadHold: (@Sendable () -> Void)?
    /// Called by the background sort before it sorts (tests only, as `backgroundReadHold`: a
    /// test sees the listing while it sorts, however the threads are scheduled).
    package var backgroundSortHold: (@Sendable () -> Void)?

    /// Every key in natural order, when built and current.
    package var index: SortedKeyIndex?
    /// The first and the last `headSize` keys in order and how many keys there are, while
    /// `index` is sorting.
    package var head: (keys: [CacheKey], tail: [CacheKey], total: Int)?
    /// The read of every key under way in the background, until its keys are installed.
    package var reading: KeyRead?
    /// The sort under way for `head`'s keys.
    package var sorting: KeySort?
    /// The keys being sorted, as read (sharing their bytes with the sort's copy): a middle page
    /// asked for meanwhile is selected from them (`unsortedPage`) rather than waiting.
    package var unsorted: SortedKeyIndex?
    /// The filters asked for lately, newest last, with the matches found so far (a Backspace
    /// finds the shorter filter's here; a longer filter narrows a shorter one's).
    package private(set) var scans: [FilterScan] = []
    /// The scan being finished in the background.
    package var counting: FilterScan?
    /// How many background counts were asked for while the keys sort: each waits for the sort,
    /// and only the last asked is made then.
    package var countsAskedWhileSorting = 0
    /// Keys this cache wrote or removed while the background sort ran, in order: the sort
    /// sorts the keys as read, and its result takes these when installed.
    private var editsWhileSorting: [ListingEdit] = []
    /// `data_version` when the keys were read, to notice other processes' commits.
    package var dataVersion: Int64 = 0

    /// No keys read yet: the first page reads them.
    package init() {}

    /// Forgets everything; the next page reads the keys again.
    package mutating func invalidate() {
        editsWhileSorting = []
        index = nil
        head = nil
        sorting = nil
        unsorted = nil
        reading?.cancel()
        reading = nil
        dropScans()
    }

    /// Keeps the listing current after this cache wrote new keys: sorted among themselves
    /// (beforehand, when the caller made `batch` with `batch(for:)` before taking the listing's
    /// lock) and merged with the order in one pass (`SortedKeyIndex.merge`).
    package mutating func inserted(_ keys: [CacheKey], batch: SortedKeyIndex? = nil) {
        guard !keys.isEmpty else { return }
        if isSorting {
            let batch = batch ?? SortedKeyIndex.sortedBatch(keys)
            return batch.isFull ? invalidate() : editWhileSorting(.inserted(batch))
        }
        // A background count's copy of the index keeps the old keys: a merge writes new ones
        // (`FrontCodedKeys.editing`) and never copies them, so the listing is kept.
        guard index != nil else { return invalidate() }
        dropScans()
        if index?.merge(sorted: batch ?? SortedKeyIndex.sortedBatch(keys)) == false { invalidate() }
    }

    /// The sorted batch `inserted(_:batch:)` would make of `keys`, made outside the lock (nil
    /// when they are few enough to sort under it).
    package static func batch(for keys: [CacheKey]) -> SortedKeyIndex? {
        keys.count > keysSortedUnderTheLock ? SortedKeyIndex.sortedBatch(keys) : nil
    }

    /// Whether `inserted(_:batch:)` would take new keys in rather than drop the listing: with no
    /// index built there is nothing to keep current, and a batch sorted for it (a library's
    /// merge of 100,000 new records, 40 ms) would be thrown away.
    package var takesInsertions: Bool { index != nil || isSorting }

    /// Up to this many new keys are sorted under the listing's lock (a few microseconds).
    static let keysSortedUnderTheLock = 256

    /// Keeps the listing current after this cache removed keys, however many: closing up the
    /// order costs one pass, less than reading and sorting every key again.
    package mutating func removed(_ keys: Set<CacheKey>) {
        guard !keys.isEmpty else { return }
        if isSorting { return editWhileSorting(.removed(keys)) }
        guard index != nil else { return invalidate() }
        dropScans()
        index?.remove(keys)
    }

    /// `removed(_:)` for the keys a removal by `pattern` deleted, every one of which it
    /// matches: found by one sweep of the keys rather than one search each.
    package mutating func removed(_ keys: Set<CacheKey>, allMatching pattern: KeyPattern) {
        guard !keys.isEmpty else { return }
        if isSorting { return editWhileSorting(.removed(keys)) }
        guard index != nil else { return invalidate() }
        dropScans()
        index?.remove(keys, allMatching: pattern)
    }

    /// After a removal by `pattern` that deleted every row whose key it matches (the explorer's
    /// delete that keeps the rows): no listed key it matches is left.
    package mutating func removedAll(matching pattern: KeyPattern) {
        if isSorting { return editWhileSorting(.removedAll(pattern)) }
        guard index != nil else { return invalidate() }
        dropScans()
        index?.removeAll(matching: pattern)
    }

    /// After `clear()`: no keys at all.
    package mutating func cleared() {
        invalidate()
        index = SortedKeyIndex()
    }

    /// Whether the keys are sorting in the background, with the keys being sorted at hand.
    private var isSorting: Bool { index == nil && sorting != nil && unsorted != nil }

    /// While the sort runs: `edit` made to the keys being sorted, the head found from them
    /// again (a frame's page and count come from these), and the edit kept for the sort's
    /// result (`install`).
    ///
    /// Why: a write of a new key during the sort dropped the listing, and ten million keys
    /// were read again (1.2 s, and the sort again).
    private mutating func editWhileSorting(_ edit: ListingEdit) {
        guard var beingSorted = unsorted else { return }
        guard edit.apply(to: &beingSorted) else { return invalidate() }
        editsWhileSorting.append(edit)
        dropScans()
        unsorted = beingSorted
        let extremes = beingSorted.extremes(Self.headSize)
        head = (extremes.smallest, extremes.largest, beingSorted.slotCount)
    }

    /// Takes in every key as read at `version`: sorted at once below `backgroundThreshold`;
    /// else the first and last keys now, and the sort returned, to run in the background.
    package mutating func take(_ unsorted: SortedKeyIndex, readAt version: Int64) -> KeySort? {
        dataVersion = version
        editsWhileSorting = []
        guard unsorted.slotCount >= backgroundThreshold else {
            var index = unsorted
            index.sortAll()
            install(index)
            return nil
        }
        let extremes = unsorted.extremes(Self.headSize)
        head = (extremes.smallest, extremes.largest, unsorted.slotCount)
        let sort = KeySort(unsorted)
        sorting = sort
        self.unsorted = unsorted
        return sort
    }

    /// Installs the sorted index in place of the head.
    package mutating func install(_ sorted: SortedKeyIndex) {
        var sorted = sorted
        for edit in editsWhileSorting where !edit.apply(to: &sorted) { return invalidate() }
        editsWhileSorting = []
        index = sorted
        head = nil
        unsorted = nil
        sorting?.release()
        sorting = nil
        dropScans()
    }

    /// Scans kept at most (each holds at most a list of positions, 4 bytes a match).
    package static let keptScans = 6

    /// The scan of `filter`, if kept; it becomes the newest.
    package mutating func scan(for filter: String) -> FilterScan? {
        guard let found = scans.lastIndex(where: { $0.filter == filter }) else { return nil }
        let scan = scans.remove(at: found)
        scans.append(scan)
        return scan
    }

    /// Keeps `scan` as the newest, forgetting the oldest beyond `keptScans`.
    package mutating func remember(_ scan: FilterScan) {
        scans.append(scan)
        // Not stopped: one being counted in the background still delivers its count.
        if scans.count > Self.keptScans { scans.removeFirst(scans.count - Self.keptScans) }
    }

    /// Forgets every filter's matches (the keys changed) and stops the background count.
    private mutating func dropScans() {
        for scan in scans { scan.stop() }
        counting?.stop()
        scans = []
        counting = nil
    }

    /// A page as the listing stands, without reading or checking the file: from the index,
    /// the head or the keys being sorted, or for a filter from its kept matches; nil when
    /// what the page needs is not in memory.
    package func pageInMemory(_ range: Range<Int>, filter: String?) -> [CacheKey]? {
        guard let filter, !filter.isEmpty else { return index?.keys(in: range) ?? headPage(range) ?? unsorted?.unsortedPage(range) }
        return scans.last { $0.filter == filter }?.keys(in: range)
    }

    /// How many keys are listed, when they are in memory.
    package var countInMemory: Int? { index?.count ?? head?.total }

    /// A page from `head` (its first or its last keys), when they cover it.
    package func headPage(_ range: Range<Int>) -> [CacheKey]? {
        guard let head else { return nil }
        if range.upperBound <= head.keys.count || head.keys.count == head.total {
            return Array(head.keys[range.clamped(to: 0..<head.keys.count)])
        }
        let tailStart = head.total - head.tail.count
        guard range.lowerBound >= tailStart, tailStart >= head.keys.count else { return nil }
        let clamped = range.clamped(to: tailStart..<head.total)
        return Array(head.tail[(clamped.lowerBound - tailStart)..<(clamped.upperBound - tailStart)])
    }
}

/// A change this cache made to its keys while they sorted (`KeyListing.editsWhileSorting`).
private enum ListingEdit {
    case inserted(SortedKeyIndex)
    case removed(Set<CacheKey>)
    case removedAll(KeyPattern)

    /// Makes the change to `index`, merged or still in runs; false when the keys would pass
    /// 4 GiB (the listing is then read again).
    func apply(to index: inout SortedKeyIndex) -> Bool {
        switch self {
        case .inserted(let batch): return index.add(sortedBatch: batch)
        case .removed(let keys): index.removeMergedOrNot(keys)
        case .removedAll(let pattern): index.removeAllMergedOrNot(matching: pattern)
        }
        return true
    }
}
