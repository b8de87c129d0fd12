import GraphQLCache

/// The first and the last keys of an index not sorted yet: what the explorer's first screen
/// and its `G` (the bottom) show while the full sort runs in the background.
extension SortedKeyIndex {
    /// Keys sampled to set the thresholds: enough that few keys pass them, few enough to sort
    /// in a couple of milliseconds.
    static let extremesSampleSize = 8192

    /// The `k` smallest and the `k` largest keys, each in natural order, from keys appended but
    /// not sorted. An evenly spaced sample gives two thresholds: its `k`-th smallest and `k`-th
    /// largest keys. At least `k` keys lie on the far side of each (the sample's own), so every
    /// one of the true `k` smallest (largest) does too; one pass collects those candidates with
    /// a byte comparison or two each, and only the candidates are sorted.
    package func extremes(_ k: Int) -> (smallest: [CacheKey], largest: [CacheKey]) {
        let n = slotCount
        guard k > 0, n > 0 else { return ([], []) }
        let (low, high) = withEncodedKeys { encoded in
            func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
                NaturalKeyEncoding.compare(encoded(Int(a)), encoded(Int(b))) < 0
            }
            let step = max(1, n / Self.extremesSampleSize)
            let sample = stride(from: 0, to: n, by: step).map { UInt32($0) }.sorted(by: precedes)
            let kept = min(k, sample.count)
            let lowLimit = encoded(Int(sample[kept - 1])), highLimit = encoded(Int(sample[sample.count - kept]))
            var low: [UInt32] = [], high: [UInt32] = []
            for slot in 0..<n {
                let key = encoded(slot)
                if NaturalKeyEncoding.compare(key, lowLimit) <= 0 { low.append(UInt32(slot)) }
                if NaturalKeyEncoding.compare(key, highLimit) >= 0 { high.append(UInt32(slot)) }
            }
            return (Array(low.sorted(by: precedes).prefix(k)), Array(high.sorted(by: precedes).suffix(k)))
        }
        return (low.map { keyOfSlot(Int($0)) }, high.map { keyOfSlot(Int($0)) })
    }
}

extension SortedKeyIndex {
    /// `keys` (each once) in `CacheKey` order, by the index's radix sort (`EncodedKeySort`):
    /// `:gc`'s preview of ten million unreachable records spent most of a minute sorting them
    /// with comparisons. A set too big for the arena is sorted by comparison.
    package static func sorted(_ keys: [CacheKey]) -> [CacheKey] {
        guard keys.count > 1 else { return keys }
        let batch = sortedBatch(keys)
        guard !batch.isFull, batch.count == keys.count else { return keys.sorted() }
        return batch.keys(in: 0..<batch.count)
    }
}
