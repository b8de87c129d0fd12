import GraphQLCache

/// A page from the middle of an index not sorted yet, for a page asked for while the full sort
/// runs in the background (`G` then `PgUp`s, a mouse drag): one pass over the keys instead of
/// waiting for the sort.
extension SortedKeyIndex {
    /// Sample keys kept on each side of the page's estimated place.
    static let selectionMargin = 64

    /// The keys at `range` of positions in natural order, from keys appended but not sorted;
    /// nil when the sample misjudged where they lie (the caller then waits for the sort).
    ///
    /// Like `extremes`: an evenly spaced sample, sorted, gives two keys that should enclose the
    /// page; one pass counts the keys below the lower one and collects those between, which
    /// are sorted. Their places are exact (keys are unique): `below` keys come before them.
    package func unsortedPage(_ range: Range<Int>) -> [CacheKey]? {
        let n = slotCount, range = range.clamped(to: 0..<slotCount)
        guard !range.isEmpty else { return [] }
        let page: [UInt32]? = withEncodedKeys { encoded in
            func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
                NaturalKeyEncoding.compare(encoded(Int(a)), encoded(Int(b))) < 0
            }
            let step = max(1, n / Self.extremesSampleSize)
            let sample = stride(from: 0, to: n, by: step).map { UInt32($0) }.sorted(by: precedes)
            let lowRank = range.lowerBound * sample.count / n - Self.selectionMargin
            let highRank = (range.upperBound * sample.count + n - 1) / n + Self.selectionMargin
            let low = lowRank > 0 ? encoded(Int(sample[lowRank])) : nil
            let high = highRank < sample.count ? encoded(Int(sample[highRank])) : nil
            let (below, found) = slots(between: low, and: high)
            guard below <= range.lowerBound, below + found.count >= range.upperBound else { return nil }
            let between = found.sorted(by: precedes)
            return Array(between[(range.lowerBound - below)..<(range.upperBound - below)])
        }
        return page?.map { keyOfSlot(Int($0)) }
    }

    /// How many keys are below `low`, and the slots of those from `low` to `high` (either end
    /// open when nil): one pass over the arena, with no call per key.
    private func slots(between low: UnsafeBufferPointer<UInt8>?, and high: UnsafeBufferPointer<UInt8>?) -> (Int, [UInt32]) {
        var below = 0
        var between: [UInt32] = []
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                guard let base = bytes.baseAddress else { return }
                for slot in 0..<(starts.count - 1) {
                    let start = Int(starts[slot])
                    let key = UnsafeBufferPointer(start: base + start, count: Int(starts[slot + 1]) - start)
                    if let low, NaturalKeyEncoding.compare(key, low) < 0 { below += 1; continue }
                    if let high, NaturalKeyEncoding.compare(key, high) > 0 { continue }
                    between.append(UInt32(slot))
                }
            }
        }
        return (below, between)
    }
}
