import Dispatch
import GraphQLCache

/// Filtering a million keys at typing speed: each key is tested as bytes (no `String`), the
/// encoded bytes themselves when the filter text cannot tell them from the original
/// (`KeyTest`); `FilterScan` tests keys lazily, only as far as a page needs.
extension SortedKeyIndex {
    /// Calls `body` with a function telling whether `test` accepts the key at a position
    /// (quickest asked in ascending order: the next key is a few bytes' copy away).
    func withKeyTest<T>(_ test: KeyTest, _ body: ((Int) -> Bool) throws -> T) rethrows -> T {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        return try sorted.withCursor { cursor in
            try body { position in
                cursor.move(to: position)
                return test.accepts(cursor.key, scratch: scratch)
            }
        }
    }

    /// Keys per share of a sweep given to one core.
    static let sweepShare = 1 << 18

    /// The positions from `start` on whose keys `test` accepts, in order: the keys are read
    /// in order a block at a time, split among the cores when `parallel` (each share a run of
    /// blocks), several times faster than a test per position for a filter that must test them
    /// all.
    func positions(from start: Int, _ test: KeyTest, parallel: Bool) -> [Int32] {
        guard start < count else { return [] }
        let shares = parallel ? max(1, min(4, (count - start) / Self.sweepShare)) : 1
        return sorted.withCursor { cursor in
            let first = cursor.block(holding: start), blocks = cursor.blockCount - first
            let swept = SweptBlocks(bytes: cursor.bytes, blockStarts: cursor.blockStarts, blockPositions: cursor.blockPositions,
                                    start: start, test: test)
            let found = UnsafeMutableBufferPointer<[Int32]>.allocate(capacity: shares)
            found.initialize(repeating: [])
            defer { found.deinitialize().deallocate() }
            let results = SharedResults(found: found)
            DispatchQueue.concurrentPerform(iterations: shares) { share in
                let range = (first + blocks * share / shares)..<(first + blocks * (share + 1) / shares)
                results.found[share] = swept.matches(inBlocks: range)
            }
            return Array(found.joined())
        }
    }
}

/// The keys handed to the cores that sweep them: read-only.
private struct SweptBlocks: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let blockStarts: UnsafeBufferPointer<UInt32>
    let blockPositions: UnsafeBufferPointer<UInt32>
    let start: Int
    let test: KeyTest

    /// The positions from `start` on in `blocks` whose keys `test` accepts. A block none of
    /// whose bytes is the filter's sentinel is passed over undecoded: a filter few keys match
    /// (a type name among ten million items) then reads each block's bytes once.
    func matches(inBlocks blocks: Range<Int>) -> [Int32] {
        var cursor = KeyCursor(bytes: bytes, blockStarts: blockStarts, blockPositions: blockPositions)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        var found: [Int32] = []
        for block in blocks {
            let first = Int(blockPositions[block]), end = Int(blockPositions[block + 1])
            guard end > start else { continue }
            let raw = UnsafeBufferPointer(rebasing: bytes[Int(blockStarts[block])..<Int(blockStarts[block + 1])])
            guard test.mayAccept(anyKeyWithin: raw) else { continue }
            cursor.enterBlock(block)
            for position in first..<end {
                if position > first { cursor.advance() }
                if position >= start && test.accepts(cursor.key, scratch: scratch) { found.append(Int32(position)) }
            }
        }
        return found
    }
}

/// Where each share of a sweep leaves its matches: each writes only its own element.
private struct SharedResults: @unchecked Sendable {
    let found: UnsafeMutableBufferPointer<[Int32]>
}
