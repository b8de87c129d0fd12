import Dispatch

/// Work over many items split across the cores: the write log's deltas and the big delete's
/// decoding each decode 100,000 rows, which the committing thread otherwise does alone.
enum ParallelMap {
    /// `transform` of each index of `0..<count`, in order: on the calling thread below
    /// `sharedFrom` items, else in up to eight shares on every core, each share writing only
    /// its own range of the result.
    static func map<T>(_ count: Int, sharedFrom: Int, _ transform: @Sendable (Int) -> T?) -> [T?] {
        map(count, sharedFrom: sharedFrom, context: {}) { _, index in transform(index) }
    }

    /// As `map`, each share first making a `Context` of its own, which `transform` is handed
    /// with every index of the share: state that one thread reuses from item to item (a
    /// decode's `FieldNameTable`) and no two threads may share.
    static func map<T, Context>(_ count: Int, sharedFrom: Int, context: @Sendable () -> Context,
                                _ transform: @Sendable (Context, Int) -> T?) -> [T?] {
        guard count >= sharedFrom else {
            let own = context()
            return (0..<count).map { transform(own, $0) }
        }
        let shares = min(8, max(1, count / max(1, sharedFrom / 2)))
        var made = [T?](repeating: nil, count: count)
        made.withUnsafeMutableBufferPointer { made in
            let output = Output(slots: made)
            DispatchQueue.concurrentPerform(iterations: shares) { share in
                let own = context()
                for index in (count * share / shares)..<(count * (share + 1) / shares) { output.slots[index] = transform(own, index) }
            }
        }
        return made
    }

    /// The result's slots, each share writing only its own range.
    private struct Output<T>: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<T?>
    }
}
