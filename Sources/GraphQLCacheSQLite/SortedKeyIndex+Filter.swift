import Dispatch
import GraphQLCache

/// Filtering a million keys at typing speed: each key is tested as bytes (no `String`), the
/// encoded bytes themselves when the filter text cannot tell them from the original, and the
/// keys are split among the cores.
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
        let how = Self.matching(pattern, plainASCII: plainASCII)
        found.withUnsafeMutableBufferPointer { found in
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    order.withUnsafeBufferPointer { order in
                        all.withUnsafeBufferPointer { all in
                            let keys = EncodedKeys(bytes: bytes, starts: starts, order: order,
                                                   candidates: candidates == nil ? nil : all, results: found)
                            DispatchQueue.concurrentPerform(iterations: shares) { share in
                                let range = (total * share / shares)..<(total * (share + 1) / shares)
                                keys.results[share] = keys.positions(in: range, pattern, how)
                            }
                        }
                    }
                }
            }
        }
        return found.count == 1 ? found[0] : Array(found.joined())
    }

    /// How keys are tested: on their encoded bytes, decoded as ASCII, or decoded as UTF-8.
    enum Matching { case encoded, ascii, unicode }

    static func matching(_ pattern: KeyPattern, plainASCII: Bool) -> Matching {
        guard plainASCII else { return .unicode }
        let textOnly = pattern.isASCII && pattern.pattern.utf8.allSatisfy { $0 >= 0x20 && !($0 >= 48 && $0 <= 57) }
        return textOnly ? .encoded : .ascii
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
    func positions(in range: Range<Int>, _ pattern: KeyPattern,
                   _ how: SortedKeyIndex.Matching) -> [Int32] {
        let capacity = 4096
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { scratch.deallocate() }
        var result: [Int32] = []
        for i in range {
            let position = candidates.map { Int($0[i]) } ?? i
            let slot = Int(order[position])
            let encoded = UnsafeBufferPointer(rebasing: bytes[Int(starts[slot])..<Int(starts[slot + 1])])
            let accepted: Bool
            if how == .encoded {
                accepted = pattern.matches(asciiUTF8: encoded)
            } else if let length = NaturalKeyEncoding.decode(encoded, into: scratch, capacity: capacity) {
                let raw = UnsafeBufferPointer(start: scratch, count: length)
                accepted = how == .ascii ? pattern.matches(asciiUTF8: raw) : pattern.matches(utf8: raw)
            } else {
                accepted = pattern.matches(NaturalKeyEncoding.decodeKey(encoded))
            }
            if accepted { result.append(Int32(position)) }
        }
        return result
    }
}
