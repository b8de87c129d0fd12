import GraphQLCache

/// A page from the middle of an index not merged yet, for a page asked for while the runs are
/// merged in the background (`G` then `PgUp`s, a mouse drag): found in the sorted runs instead
/// of waiting for the merge.
extension SortedKeyIndex {
    /// The keys at `range` of positions in natural order, from keys appended but not merged
    /// (clamped to the keys there are).
    ///
    /// How: the keys before the page are a prefix of each run; the length of each prefix is
    /// found by halving the widest run's candidates around one of its keys, whose place among
    /// all keys is the sum of each run's keys below it (`split(_:atRank:)`). Then the runs are
    /// merged from there for the page's length. A few thousand comparisons, where one pass over
    /// ten million keys took 55–100 ms.
    package func unsortedPage(_ range: Range<Int>) -> [CacheKey]? {
        let runs = allRuns
        let range = range.clamped(to: 0..<runs.reduce(0) { $0 + $1.count })
        guard !range.isEmpty else { return [] }
        return FrontCodedKeys.withCursors(runs) { cursors in
            var next = Self.split(&cursors, atRank: range.lowerBound)
            for i in cursors.indices where next[i] < cursors[i].count { cursors[i].move(to: next[i]) }
            var page: [CacheKey] = []
            page.reserveCapacity(range.count)
            while page.count < range.count {
                var smallest: Int?
                for i in cursors.indices where next[i] < cursors[i].count {
                    if let best = smallest, NaturalKeyEncoding.compare(cursors[i].key, cursors[best].key) >= 0 { continue }
                    smallest = i
                }
                guard let best = smallest else { break }
                page.append(NaturalKeyEncoding.decodeKey(cursors[best].key))
                next[best] += 1
                if next[best] < cursors[best].count { cursors[best].advance() }
            }
            return page
        }
    }

    /// How many keys of each run come before the key at `rank` among all of them (no key in
    /// two runs). Each run's answer lies within `low...high`; a key of the run with the most
    /// candidates left, its place found, moves the bounds of every run past it or up to it.
    static func split(_ cursors: inout [KeyCursor], atRank rank: Int) -> [Int] {
        var low = [Int](repeating: 0, count: cursors.count), high = cursors.map(\.count)
        while true {
            var widest: Int?
            for i in cursors.indices where high[i] > low[i] {
                if let j = widest, high[j] - low[j] >= high[i] - low[i] { continue }
                widest = i
            }
            guard let j = widest else { return low }
            let middle = (low[j] + high[j]) / 2
            cursors[j].move(to: middle)
            let pivot = Array(cursors[j].key)
            var below = [Int](repeating: 0, count: cursors.count)
            pivot.withUnsafeBufferPointer { pivot in
                for i in cursors.indices { below[i] = i == j ? middle : cursors[i].lowerBound(of: pivot) }
            }
            if below.reduce(0, +) < rank {
                // The pivot is among the keys before `rank`, and so is every key below it.
                for i in cursors.indices { low[i] = max(low[i], i == j ? middle + 1 : below[i]) }
            } else {
                for i in cursors.indices { high[i] = min(high[i], below[i]) }
            }
        }
    }
}
