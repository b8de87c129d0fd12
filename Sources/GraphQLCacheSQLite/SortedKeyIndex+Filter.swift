import GraphQLCache

/// Filtering a million keys at typing speed: each key is tested as bytes (no `String`), the
/// encoded bytes themselves when the filter text cannot tell them from the original
/// (`KeyTest`); `FilterScan` tests keys lazily, only as far as a page needs.
extension SortedKeyIndex {
    /// Calls `body` with a function telling whether `test` accepts the key at a position.
    func withKeyTest<T>(_ test: KeyTest, _ body: ((Int) -> Bool) throws -> T) rethrows -> T {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        return try bytes.withUnsafeBufferPointer { bytes in
            try starts.withUnsafeBufferPointer { starts in
                try order.withUnsafeBufferPointer { order in
                    try body { position in
                        let slot = Int(order[position])
                        let encoded = UnsafeBufferPointer(rebasing: bytes[Int(starts[slot])..<Int(starts[slot + 1])])
                        return test.accepts(encoded, scratch: scratch)
                    }
                }
            }
        }
    }

    /// The positions from `start` on whose keys `test` accepts, in order. The keys are tested in
    /// the arena's order (one sequential read, where natural order jumps about the arena at
    /// every key), marked by slot, then read back in natural order: several times faster for
    /// a filter that must test them all.
    func positions(from start: Int, _ test: KeyTest) -> [Int32] {
        guard start < count else { return [] }
        var marks = [UInt64](repeating: 0, count: (slotCount + 63) / 64)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                guard let base = bytes.baseAddress else { return }
                for slot in 0..<(starts.count - 1) {
                    let first = Int(starts[slot])
                    let key = UnsafeBufferPointer(start: base + first, count: Int(starts[slot + 1]) - first)
                    if test.accepts(key, scratch: scratch) { marks[slot >> 6] |= 1 << UInt64(slot & 63) }
                }
            }
        }
        var found: [Int32] = []
        order.withUnsafeBufferPointer { order in
            for position in start..<order.count {
                let slot = Int(order[position])
                if marks[slot >> 6] & (1 << UInt64(slot & 63)) != 0 { found.append(Int32(position)) }
            }
        }
        return found
    }
}
