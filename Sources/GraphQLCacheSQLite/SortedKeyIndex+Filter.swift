import Dispatch
import GraphQLCache

/// Filtering a million keys at typing speed: each key is tested as bytes (no `String`), the
/// encoded bytes themselves when the filter text cannot tell them from the original. A whole
/// index is split among the cores; `FilterScan` tests keys lazily, only as far as a page needs.
extension SortedKeyIndex {
    /// Keys per share of the work given to one core.
    static let filterShare = 1 << 16

    /// Positions of the keys `pattern` accepts, in order; only among `candidates` (positions in
    /// order) when given, which is how a longer filter narrows the matches of a shorter one.
    func positions(matching pattern: KeyPattern, among candidates: [Int32]? = nil) -> [Int32] {
        let total = candidates?.count ?? count
        let shares = max(1, min(8, total / Self.filterShare))
        var found = [[Int32]](repeating: [], count: shares)
        let all = candidates ?? []
        let test = KeyTest(pattern, plainASCII: plainASCII)
        found.withUnsafeMutableBufferPointer { found in
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    order.withUnsafeBufferPointer { order in
                        all.withUnsafeBufferPointer { all in
                            let keys = EncodedKeys(bytes: bytes, starts: starts, order: order,
                                                   candidates: candidates == nil ? nil : all, results: found)
                            DispatchQueue.concurrentPerform(iterations: shares) { share in
                                let range = (total * share / shares)..<(total * (share + 1) / shares)
                                keys.results[share] = keys.positions(in: range, test)
                            }
                        }
                    }
                }
            }
        }
        return found.count == 1 ? found[0] : Array(found.joined())
    }

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
}

/// Views of an index's arena handed to the cores that filter it: read-only, except that share
/// `i` writes only `results[i]`.
struct EncodedKeys: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeBufferPointer<UInt32>
    let order: UnsafeBufferPointer<UInt32>
    /// Positions to test instead of all (a shorter filter's matches).
    let candidates: UnsafeBufferPointer<Int32>?
    let results: UnsafeMutableBufferPointer<[Int32]>

    /// The positions (of `candidates` at `range` when given, else `range` itself) whose keys match.
    func positions(in range: Range<Int>, _ test: KeyTest) -> [Int32] {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        var result: [Int32] = []
        for i in range {
            let position = candidates.map { Int($0[i]) } ?? i
            let slot = Int(order[position])
            let encoded = UnsafeBufferPointer(rebasing: bytes[Int(starts[slot])..<Int(starts[slot + 1])])
            if test.accepts(encoded, scratch: scratch) { result.append(Int32(position)) }
        }
        return result
    }
}
