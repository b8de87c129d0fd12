/// Sorts keys encoded by `NaturalKeyEncoding` (one byte arena, key `i` at
/// `starts[i]..<starts[i + 1]`) into byte order, which is natural order.
///
/// A most-significant-first radix sort on eight bytes at a time: each group of keys that agree
/// so far loads its next eight bytes as one big-endian integer (zero past a key's end), sorts
/// those integers in place a byte at a time from the first (an American flag sort, which skips
/// a byte every key of a bucket shares), then splits into runs of equal integers to go deeper.
/// Small groups use insertion sort. On a million `Item:N` keys that is two levels, not twenty
/// comparisons per key.
///
/// Why in place: the byte-wise LSD sort it replaced moved the integers and slots to spare
/// arrays and back, 12 bytes a key more: at ten million keys the sort's scratch (200 MB) was
/// as big as the index itself, and the explorer's peak memory half as big again.
struct EncodedKeySort {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let starts: UnsafeBufferPointer<UInt32>
    private let slots: UnsafeMutableBufferPointer<UInt32>
    private let chunks: UnsafeMutableBufferPointer<UInt64>
    private static let smallGroup = 32

    /// The slots `0..<count` in byte order of their keys.
    ///
    /// The scratch array (8 bytes a key) is allocated on its own, big enough for malloc to map
    /// it apart and unmap it when freed, so that it does not stay resident after the sort.
    static func order(bytes: [UInt8], starts: [UInt32], count: Int) -> [UInt32] {
        var slots = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = UInt32(i) }
            initialized = count
        }
        guard count > 1 else { return slots }
        let chunks = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
        defer { chunks.deallocate() }
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                slots.withUnsafeMutableBufferPointer { slots in
                    EncodedKeySort(bytes: bytes, starts: starts, slots: slots, chunks: chunks).run(count)
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
            sortChunks(low, high, shift: 56)
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

    /// Sorts `chunks[low..<high]` (and their slots alongside) in place by their bytes from the
    /// one at `shift` down: the first byte on which they differ splits the range into buckets
    /// (the pairs swapped into place in cycles), and each bucket is sorted by the bytes after
    /// it. Bytes every pair shares (`Item:` and a digit count, in the usual cache) are found in
    /// one pass, not a count per byte; a small range is sorted by insertion.
    private func sortChunks(_ low: Int, _ high: Int, shift limit: UInt64) {
        guard high - low > Self.smallGroup else { return insertionSortChunks(low, high) }
        let first = chunks[low]
        var differing: UInt64 = 0
        for i in low..<high { differing |= chunks[i] ^ first }
        guard differing != 0 else { return }
        let shift = min(limit, UInt64((63 - differing.leadingZeroBitCount) / 8 * 8))
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 512) { table in
            let next = UnsafeMutableBufferPointer(rebasing: table[0..<256])
            let end = UnsafeMutableBufferPointer(rebasing: table[256..<512])
            next.update(repeating: 0)
            for i in low..<high { next[Int((chunks[i] >> shift) & 0xFF)] += 1 }
            var total = low
            for bucket in 0..<256 {
                let size = next[bucket]
                next[bucket] = total
                total += size
                end[bucket] = total
            }
            for bucket in 0..<256 {
                while next[bucket] < end[bucket] {
                    var chunk = chunks[next[bucket]], slot = slots[next[bucket]]
                    var target = Int((chunk >> shift) & 0xFF)
                    while target != bucket {
                        let place = next[target]
                        next[target] = place + 1
                        swap(&chunk, &chunks[place])
                        swap(&slot, &slots[place])
                        target = Int((chunk >> shift) & 0xFF)
                    }
                    chunks[next[bucket]] = chunk
                    slots[next[bucket]] = slot
                    next[bucket] += 1
                }
            }
            guard shift > 0 else { return }
            var start = low
            for bucket in 0..<256 {
                let stop = end[bucket]
                if stop - start > 1 { sortChunks(start, stop, shift: shift - 8) }
                start = stop
            }
        }
    }

    /// Sorts a few chunks (and their slots alongside) by value.
    private func insertionSortChunks(_ low: Int, _ high: Int) {
        guard high - low > 1 else { return }
        for i in (low + 1)..<high {
            let chunk = chunks[i], slot = slots[i]
            var j = i
            while j > low && chunks[j - 1] > chunk {
                chunks[j] = chunks[j - 1]
                slots[j] = slots[j - 1]
                j -= 1
            }
            chunks[j] = chunk
            slots[j] = slot
        }
    }
}
