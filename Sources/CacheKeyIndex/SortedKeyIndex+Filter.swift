import Dispatch
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

    /// Slots per share of a sweep given to one core (a multiple of 64: each share marks its
    /// own words).
    static let sweepShare = 1 << 18

    /// The positions from `start` on whose keys `test` accepts, in order. The keys are tested in
    /// the arena's order (one sequential read, where natural order jumps about the arena at
    /// every key), split among the cores when `parallel`, marked by slot, then read back in
    /// natural order: several times faster for a filter that must test them all.
    func positions(from start: Int, _ test: KeyTest, parallel: Bool) -> [Int32] {
        guard start < count else { return [] }
        let slots = slotCount
        var marks = [UInt64](repeating: 0, count: (slots + 63) / 64)
        let shares = parallel ? max(1, min(4, slots / Self.sweepShare)) : 1
        marks.withUnsafeMutableBufferPointer { marks in
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    let arena = SweptArena(bytes: bytes, starts: starts, marks: marks)
                    DispatchQueue.concurrentPerform(iterations: shares) { share in
                        let words = arena.marks.count
                        let first = words * share / shares * 64, end = min(slots, words * (share + 1) / shares * 64)
                        arena.mark(first..<end, test)
                    }
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

/// The arena and the marks handed to the cores that sweep it: read-only, except that each
/// share writes only the words of its own slots.
struct SweptArena: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    let marks: UnsafeMutableBufferPointer<UInt64>

    /// Marks the slots in `range` whose keys `test` accepts.
    func mark(_ range: Range<Int>, _ test: KeyTest) {
        guard let base = bytes.baseAddress else { return }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        for slot in range {
            let first = Int(starts[slot])
            let key = UnsafeBufferPointer(start: base + first, count: Int(starts[slot + 1]) - first)
            if test.accepts(key, scratch: scratch) { marks[slot >> 6] |= 1 << UInt64(slot & 63) }
        }
    }
}
