import GraphQLCache
import Synchronization

/// The keys one filter accepts, found lazily in key order: a page needs only the first matches,
/// so a key press tests keys only until its page is full, and the count is finished apart
/// (`finish`, in the background for the explorer), a chunk at a time outside the lock so that a
/// page asked for meanwhile does not wait for it.
///
/// The keys tested are a list of positions in order (a shorter filter's matches found so far)
/// followed by every position from `rangeStart` on (those the shorter filter had not tested
/// yet): so a longer filter narrows the shorter one's matches even before they are all found.
package final class FilterScan: Sendable {
    /// Candidates tested between two looks at the progress while finishing.
    static let chunk = 1 << 15
    /// Candidates a page tests in order at a time; once it has tested a sixteenth of those left
    /// (and at least `probe`) without finding its matches, it sweeps the rest of the keys
    /// instead (`SortedKeyIndex.positions(from:_:parallel:)`), when at least `sweepThreshold`
    /// are left.
    static let probe = 1 << 12
    static let sweepThreshold = 1 << 16
    /// Candidates a bounded call (a frame's) tests in order at most before it leaves the rest
    /// to `finish`: about 8 ms over ten million keys, where a sweep of them took 79 ms.
    static let boundedTests = 1 << 16
    /// Time a bounded call tests candidates in order at most (checked after each `probe`):
    /// at ten million keys 65,536 of them took 23 ms to test on a busy machine when the keys
    /// lay in an arena in the order read, past a frame's 16; front-coded in order they are a
    /// sequential read, but a machine can still be busy. A frame makes two such calls (the
    /// count for the status bar, then the page), so each has 3 ms.
    package static let boundedTime: Duration = .milliseconds(3)
    /// Candidates a bounded call still sweeps at once: a file of up to 262,144 keys (a big
    /// app's 100,101) is searched whole in every frame, as before.
    static let boundedSweep = 1 << 18

    /// The filter as typed.
    package let filter: String
    /// The index the positions are in (a snapshot: the listing drops its scans when it changes).
    let index: SortedKeyIndex
    private let test: KeyTest
    /// `boundedTime`, unless a test sets another.
    private let frameTime: Duration
    private let progress: Mutex<Progress>
    /// How many times `stop()` was called: a background `finish` gives up when it changes.
    private let stops = Atomic<Int>(0)

    /// The candidates, how many were tested and the positions of those that matched.
    struct Progress: Sendable {
        var list: [Int32]
        var rangeStart: Int
        /// How many candidates there are: `list`, then `rangeStart..<index.count`.
        let total: Int
        var tested = 0
        /// Positions found, unless `allMatched`.
        var found: [Int32] = []
        /// Every candidate tested so far matched and the candidates are every position: then
        /// `found` would be `0..<tested` and is not kept (a filter matching a million keys
        /// costs no memory).
        var allMatched: Bool

        var foundCount: Int { allMatched ? tested : found.count }
        var isComplete: Bool { tested == total }

        func position(ofMatch i: Int) -> Int { allMatched ? i : Int(found[i]) }

        func candidate(_ i: Int) -> Int { i < list.count ? Int(list[i]) : rangeStart + (i - list.count) }
    }

    /// The scan of `filter` over `index`, among the candidates `narrowing` had left (all keys
    /// when nil); the caller makes sure that every key containing `filter` contains the other's.
    package init(filter: String, index: SortedKeyIndex, narrowing parent: FilterScan? = nil,
                 frameTime: Duration = FilterScan.boundedTime) {
        self.filter = filter
        self.index = index
        self.frameTime = frameTime
        test = KeyTest(KeyPattern(filter), plainASCII: index.plainASCII)
        let (list, rangeStart) = parent?.remainingCandidates() ?? ([], 0)
        let total = test.mode == .none ? 0 : list.count + max(0, index.count - rangeStart)
        progress = Mutex(Progress(list: list, rangeStart: rangeStart, total: total,
                                  allMatched: list.isEmpty && rangeStart == 0))
    }

    /// The matches found so far followed by the candidates not tested yet: a longer filter's
    /// candidates.
    private func remainingCandidates() -> ([Int32], Int) {
        progress.withLock { p in
            if p.allMatched { return ([], 0) }
            if p.tested <= p.list.count { return (p.found + p.list[p.tested...], p.rangeStart) }
            return (p.found, p.rangeStart + (p.tested - p.list.count))
        }
    }

    /// Finds matches until there are `minimum` or no more (or, `bounded`, until it tested as
    /// many as a frame may); returns how many are known and whether that is all of them.
    package func count(atLeast minimum: Int, bounded: Bool = false) -> (count: Int, isComplete: Bool) {
        progress.withLock { p in
            scan(&p, until: minimum, bounded: bounded)
            return (p.foundCount, p.isComplete)
        }
    }

    /// The keys of matches `range` (clamped to the matches there are; `bounded`, to those
    /// found within as many more candidates as a frame may test).
    package func keys(in range: Range<Int>, bounded: Bool = false) -> [CacheKey] {
        let positions = progress.withLock { p in
            scan(&p, until: range.upperBound, bounded: bounded)
            return range.clamped(to: 0..<p.foundCount).map { p.position(ofMatch: $0) }
        }
        return positions.map(index.key(at:))
    }

    /// What `finish(unlessStoppedSince:)` compares with: take it when scheduling the finish.
    package var stopTicket: Int { stops.load(ordering: .relaxed) }

    /// Tests every candidate left, a chunk at a time (or the keys left in one sweep, on every
    /// core when `parallel`), outside the lock (a page asked for meanwhile never waits for
    /// it); returns the number of matches, or nil when `stop()` was called since `ticket` was
    /// taken (`stopTicket`).
    package func finish(unlessStoppedSince ticket: Int? = nil, parallel: Bool = false) -> Int? {
        while true {
            if let ticket, stops.load(ordering: .relaxed) != ticket { return nil }
            // Not the found positions: holding them would make each append copy them.
            let taken = progress.withLock { p in p.isComplete ? nil : (p.tested, p.total, p.list, p.rangeStart) }
            guard let (tested, total, list, rangeStart) = taken else { return progress.withLock { $0.foundCount } }
            if tested >= list.count && total - tested >= Self.sweepThreshold {
                let swept = index.positions(from: rangeStart + (tested - list.count), test, parallel: parallel)
                progress.withLock { p in if !p.isComplete { absorb(&p, swept) } }
                continue
            }
            let end = min(total, tested + Self.chunk)
            var matched: [Int32] = []
            index.withKeyTest(test) { accepts in
                for i in tested..<end {
                    let position = i < list.count ? Int(list[i]) : rangeStart + (i - list.count)
                    if accepts(position) { matched.append(Int32(position)) }
                }
            }
            progress.withLock { p in
                // A page may have tested these candidates meanwhile: then they are dropped.
                guard p.tested == tested else { return }
                if p.allMatched && matched.count == end - p.tested { p.tested = end; return }
                if p.allMatched { p.found = (0..<p.tested).map(Int32.init); p.allMatched = false }
                p.found += matched
                p.tested = end
            }
        }
    }

    /// Makes a `finish` scheduled before give up (the filter changed, or the keys did).
    package func stop() { stops.add(1, ordering: .relaxed) }

    /// Tests candidates until `wanted` matches are found or all are tested: in order, a
    /// `probe` at a time, until a page that has not found its matches among the first
    /// sixteenth of the candidates sweeps all that are left at once (on every core). A
    /// `bounded` scan over more than `boundedSweep` candidates stops instead of sweeping, and
    /// after `boundedTests` in order or `boundedTime`, whichever comes first.
    private func scan(_ p: inout Progress, until wanted: Int, bounded: Bool) {
        var tested = 0
        let clock = ContinuousClock()
        let deadline = clock.now + frameTime
        while p.foundCount < wanted && !p.isComplete {
            let left = p.total - p.tested
            if bounded, tested >= Self.boundedTests || (tested > 0 && clock.now > deadline), tested + left > Self.boundedSweep {
                return
            }
            if tested >= max(Self.probe, left / 16), p.tested >= p.list.count, left >= Self.sweepThreshold {
                if bounded && tested + left > Self.boundedSweep { return }
                absorb(&p, index.positions(from: p.candidate(p.tested), test, parallel: true))
                return
            }
            let before = p.tested
            scanInOrder(&p, until: wanted, end: min(p.total, p.tested + Self.probe))
            tested += p.tested - before
        }
    }

    /// Tests candidates in order until `wanted` matches are found or candidate `end`.
    private func scanInOrder(_ p: inout Progress, until wanted: Int, end: Int) {
        index.withKeyTest(test) { accepts in
            while p.tested < end && p.foundCount < wanted {
                let position = p.candidate(p.tested)
                if accepts(position) {
                    if !p.allMatched { p.found.append(Int32(position)) }
                } else if p.allMatched {
                    p.found = (0..<p.tested).map(Int32.init)
                    p.allMatched = false
                }
                p.tested += 1
            }
        }
    }

    /// Completes the scan with `swept`, the matches among every position from some point on
    /// in order, which the candidates left (all positions from the next one on) lie within.
    private func absorb(_ p: inout Progress, _ swept: [Int32]) {
        guard p.tested >= p.list.count else { return }
        let next = p.candidate(p.tested)
        var first = 0, last = swept.count
        while first < last {
            let middle = (first + last) / 2
            if Int(swept[middle]) < next { first = middle + 1 } else { last = middle }
        }
        let fresh = swept[first...]
        if p.allMatched && fresh.count == p.total - p.tested { p.tested = p.total; return }
        if p.allMatched { p.found = (0..<p.tested).map(Int32.init); p.allMatched = false }
        p.found += fresh
        p.tested = p.total
    }
}
