/// Sorts keys encoded by `NaturalKeyEncoding` (one byte arena, key `i` at
/// `starts[i]..<starts[i + 1]`) into byte order, which is natural order.
///
/// A most-significant-first radix sort on eight bytes at a time: each group of keys that agree
/// so far loads its next eight bytes as one big-endian integer (zero past a key's end), sorts
/// those integers with a byte-wise LSD radix sort (skipping bytes every key shares), then
/// splits into runs of equal integers to go deeper. Small groups use insertion sort. On a
/// million `Item:N` keys that is two levels, not twenty comparisons per key.
struct EncodedKeySort {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let starts: UnsafeBufferPointer<UInt32>
    private let slots: UnsafeMutableBufferPointer<UInt32>
    private let chunks: UnsafeMutableBufferPointer<UInt64>
    private let spareSlots: UnsafeMutableBufferPointer<UInt32>
    private let spareChunks: UnsafeMutableBufferPointer<UInt64>
    private static let smallGroup = 32

    /// The slots `0..<count` in byte order of their keys.
    ///
    /// The scratch arrays (20 bytes a key) are one block, so that it is big enough for malloc
    /// to map it on its own and unmap it when freed: as separate arrays glibc kept them in its
    /// heap and a million keys stayed 20 MB more resident after the sort.
    static func order(bytes: [UInt8], starts: [UInt32], count: Int) -> [UInt32] {
        var slots = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = UInt32(i) }
            initialized = count
        }
        guard count > 1 else { return slots }
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: count * 20, alignment: 8)
        defer { scratch.deallocate() }
        let chunks = scratch.bindMemory(to: UInt64.self, capacity: count)
        let spareChunks = (scratch + count * 8).bindMemory(to: UInt64.self, capacity: count)
        let spareSlots = (scratch + count * 16).bindMemory(to: UInt32.self, capacity: count)
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                slots.withUnsafeMutableBufferPointer { slots in
                    EncodedKeySort(bytes: bytes, starts: starts, slots: slots,
                                   chunks: UnsafeMutableBufferPointer(start: chunks, count: count),
                                   spareSlots: UnsafeMutableBufferPointer(start: spareSlots, count: count),
                                   spareChunks: UnsafeMutableBufferPointer(start: spareChunks, count: count)).run(count)
                }
            }
        }
        return slots
    }

    private func run(_ count: Int) {
        var work: [(low: Int, high: Int, depth: Int)] = [(0, count, 0)]
        while let (low, high, depth) = work.popLast() {
            if high - low <= Self.smallGroup {
                insertionSort(low, high)
                continue
            }
            for i in low..<high { chunks[i] = chunk(Int(slots[i]), depth: depth) }
            radixSortChunks(low, high)
            var i = low
            while i < high {
                var j = i + 1, longest = length(Int(slots[i]))
                while j < high && chunks[j] == chunks[i] {
                    longest = max(longest, length(Int(slots[j])))
                    j += 1
                }
                if j - i > 1 {
                    // Keys that end inside these eight bytes are settled by their length.
                    if longest > depth + 8 { work.append((i, j, depth + 8)) } else { insertionSort(i, j) }
                }
                i = j
            }
        }
    }

    @inline(__always) private func length(_ slot: Int) -> Int { Int(starts[slot + 1] - starts[slot]) }

    @inline(__always) private func key(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(starts[slot])..<Int(starts[slot + 1])])
    }

    /// Bytes `depth..<depth + 8` of a key as a big-endian integer, zero past the key's end.
    @inline(__always) private func chunk(_ slot: Int, depth: Int) -> UInt64 {
        let start = Int(starts[slot]) + depth, end = Int(starts[slot + 1])
        if start + 8 <= end {
            return UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: start, as: UInt64.self).bigEndian
        }
        var value: UInt64 = 0
        for k in 0..<8 { value = value << 8 | (start + k < end ? UInt64(bytes[start + k]) : 0) }
        return value
    }

    private func insertionSort(_ low: Int, _ high: Int) {
        guard high - low > 1 else { return }
        for i in (low + 1)..<high {
            let slot = slots[i], moving = key(Int(slot))
            var j = i
            while j > low && NaturalKeyEncoding.compare(key(Int(slots[j - 1])), moving) > 0 {
                slots[j] = slots[j - 1]
                j -= 1
            }
            slots[j] = slot
        }
    }

    /// Sorts `chunks[low..<high]` (and their slots alongside), stable, a byte at a time.
    private func radixSortChunks(_ low: Int, _ high: Int) {
        var counts = [Int](repeating: 0, count: 8 * 256)
        for i in low..<high {
            var value = chunks[i]
            for byte in 0..<8 {
                counts[byte &* 256 &+ Int(value & 0xFF)] &+= 1
                value >>= 8
            }
        }
        var inSpare = false
        for byte in 0..<8 {
            let (fromChunks, fromSlots) = inSpare ? (spareChunks, spareSlots) : (chunks, slots)
            let (toChunks, toSlots) = inSpare ? (chunks, slots) : (spareChunks, spareSlots)
            let shift = UInt64(8 * byte)
            let base = byte * 256
            if counts[base + Int((fromChunks[low] >> shift) & 0xFF)] == high - low { continue }
            var next = [Int](repeating: 0, count: 256)
            var total = low
            for value in 0..<256 {
                next[value] = total
                total += counts[base + value]
            }
            for i in low..<high {
                let value = fromChunks[i], bucket = Int((value >> shift) & 0xFF)
                let target = next[bucket]
                toChunks[target] = value
                toSlots[target] = fromSlots[i]
                next[bucket] = target + 1
            }
            inSpare.toggle()
        }
        if inSpare {
            for i in low..<high {
                chunks[i] = spareChunks[i]
                slots[i] = spareSlots[i]
            }
        }
    }
}
