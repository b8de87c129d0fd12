import GraphQLCache

/// The first and the last keys of an index not sorted yet: what the explorer's first screen
/// and its `G` (the bottom) show while the runs are merged in the background.
extension SortedKeyIndex {
    /// Every key appended, as sorted runs (the keys of a run not sealed yet sorted on a copy).
    var allRuns: [FrontCodedKeys] {
        var copy = self
        copy.sealRun()
        return ([copy.sorted] + copy.runs).filter { $0.count > 0 }
    }

    /// The `k` smallest and the `k` largest keys, each in natural order, from keys appended but
    /// not merged: each run is in order, so they are among its first and last `k`.
    package func extremes(_ k: Int) -> (smallest: [CacheKey], largest: [CacheKey]) {
        guard k > 0 else { return ([], []) }
        var low: [[UInt8]] = [], high: [[UInt8]] = []
        for run in allRuns {
            run.withCursor { cursor in
                for position in 0..<min(k, run.count) {
                    cursor.move(to: position)
                    low.append(Array(cursor.key))
                }
                for position in max(0, run.count - k)..<run.count {
                    cursor.move(to: position)
                    high.append(Array(cursor.key))
                }
            }
        }
        func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in NaturalKeyEncoding.compare(a, b) < 0 } }
        }
        func decoded(_ keys: ArraySlice<[UInt8]>) -> [CacheKey] {
            keys.map { $0.withUnsafeBufferPointer(NaturalKeyEncoding.decodeKey) }
        }
        return (decoded(low.sorted(by: precedes).prefix(k)), decoded(high.sorted(by: precedes).suffix(k)))
    }
}

extension SortedKeyIndex {
    /// `keys` (each once) in `CacheKey` order, by the index's radix sort (`EncodedKeySort`):
    /// `:gc`'s preview of ten million unreachable records spent most of a minute sorting them
    /// with comparisons. A set too big for the index is sorted by comparison.
    package static func sorted(_ keys: [CacheKey]) -> [CacheKey] {
        guard keys.count > 1 else { return keys }
        let batch = sortedBatch(keys)
        guard !batch.isFull, batch.count == keys.count else { return keys.sorted() }
        return batch.keys(in: 0..<batch.count)
    }
}
