import CacheKeyIndex
import Dispatch
import GraphQLCache

/// A filter typed into the explorer over a million keys: a page comes from the first matches
/// (`keys(matching:offset:limit:)`), the count up to what the screen needs at once, and the full
/// count later from a background pass, so that no key press waits for a million keys. While
/// the keys still sort, a filter whose first matches are among the first keys is served from
/// them.
extension SQLiteNormalizedCache {
    /// How many keys contain `filter`, found until there are `minimum` (exact when there are
    /// fewer, or when the keys are few enough to count at once: under `backgroundThreshold`).
    /// While the keys sort in the background it waits for no sort: the count is then of the
    /// matches among the first keys, not exact, however few (`countKeysInBackground` finishes
    /// it once they are sorted).
    public func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount {
        guard !filter.isEmpty else { return KeyCount(count: try keyCount(matching: nil), isExact: true) }
        let (scan, small, early) = try withConnection { state -> (FilterScan?, Bool, Int) in
            if let early = try state.matchesWhileSorting(filter) { return (nil, false, early.count) }
            let scan = try state.filterScan(filter)  // sorts the keys first: the index counts them
            return (scan, state.hasFewKeys, 0)
        }
        guard let scan else { return KeyCount(count: early, isExact: false) }
        if small { return KeyCount(count: scan.finish(parallel: true) ?? 0, isExact: true) }
        let known = scan.count(atLeast: max(minimum, 1), bounded: true)
        return KeyCount(count: known.count, isExact: known.isComplete)
    }

    /// A page of `filter`'s keys as far as a frame may search for them: like
    /// `keys(matching:offset:limit:)`, but over many keys a filter whose matches are rare or
    /// absent stops after as many candidates as a frame may test, with fewer keys than asked, and
    /// while the keys sort it gives the matches among the first keys; the count finished in the
    /// background (`countKeysInBackground`) finds the rest.
    public func keysFound(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        try page(matching: filter, offset: offset, limit: limit, bounded: true)
    }

    /// How long a background count waits before it starts, so that it does not take the other
    /// core from the keys still being typed (a count given up costs nothing).
    static let countingPause = DispatchTimeInterval.milliseconds(30)

    /// Counts the keys containing `filter` on another thread and calls `done` with the count
    /// there, unless another filter is counted meanwhile or the keys change first (then `done`
    /// is not called: the caller asks again for what it shows then).
    ///
    /// Asked while the keys sort, the count waits for the sort; of the counts asked meanwhile
    /// (one a key typed), only the last is made: woken together, each would stop the one
    /// scheduled before it, and the last asked could be the one stopped.
    public func countKeysInBackground(matching filter: String, then done: @escaping @Sendable (Int) -> Void) {
        let waiting = listing.withLock { listing -> (KeySort, Int)? in
            guard listing.index == nil, let sort = listing.sorting else { return nil }
            listing.countsAskedWhileSorting += 1
            return (sort, listing.countsAskedWhileSorting)
        }
        guard let (sort, ticket) = waiting else { return scheduleCount(matching: filter, then: done) }
        // Waiting for the key sort here, not under the lock, where the next key would wait too.
        DispatchQueue.global(qos: .utility).async { [weak self] in
            _ = sort.sorted()
            guard let self, self.listing.withLock({ $0.countsAskedWhileSorting == ticket }) else { return }
            self.scheduleCount(matching: filter, then: done)
        }
    }

    /// Counts once the keys are sorted: after `countingPause`, unless superseded meanwhile.
    private func scheduleCount(matching filter: String, then done: @escaping @Sendable (Int) -> Void) {
        let job = try? state.withLock { state -> (FilterScan, Int)? in
            let scan = try state.filterScan(filter)
            return state.keys.withLock { listing -> (FilterScan, Int)? in
                if listing.counting === scan { return nil }
                listing.counting?.stop()
                listing.counting = scan
                return (scan, scan.stopTicket)
            }
        }
        guard let (scan, ticket) = job ?? nil else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.countingPause) { [weak self] in
            let count = scan.finish(unlessStoppedSince: ticket)
            self?.listing.withLock { listing in
                if listing.counting === scan { listing.counting = nil }
            }
            if let count { done(count) }
        }
    }
}

extension SQLiteNormalizedCache.State {
    /// While the keys sort in the background: the matches of `filter` among the first keys
    /// (`KeyListing.head`), which are the first matches of all; nil when not sorting.
    mutating func matchesWhileSorting(_ filter: String) throws -> [CacheKey]? {
        try forgetKeysIfChangedElsewhere()
        guard let head = keys.withLock({ $0.index == nil ? $0.head : nil }) else { return nil }
        let pattern = KeyPattern(filter)
        return head.keys.filter(pattern.matches)
    }

    /// The matches of `filter` found so far, kept per filter until the keys change; a new
    /// filter that contains a kept one searches only that one's candidates left.
    mutating func filterScan(_ filter: String) throws -> FilterScan {
        let index = try sortedKeys()
        return keys.withLock { listing in
            if let scan = listing.scan(for: filter) { return scan }
            let parent = listing.scans.last { Self.narrows($0.filter, to: filter) }
            let scan = FilterScan(filter: filter, index: index, narrowing: parent)
            listing.remember(scan)
            return scan
        }
    }

    /// Whether every key containing `filter` contains `previous` too: both ASCII (one byte a
    /// character, folded the same everywhere) and `filter` contains `previous`.
    private static func narrows(_ previous: String, to filter: String) -> Bool {
        let earlier = KeyPattern(previous)
        guard earlier.isASCII, KeyPattern(filter).isASCII, !previous.isEmpty, !filter.utf8.contains(13) else { return false }
        return earlier.matches(filter)
    }
}
