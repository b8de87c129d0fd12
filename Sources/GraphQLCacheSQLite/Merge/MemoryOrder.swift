/// The positions of a list of addresses, smallest address first (equal ones in list order):
/// the order in which `IncomingRecords` walks a merge's records.
///
/// Why not `sort(by:)` on (address, position) pairs: it was a sixth of the merging thread's
/// own work in a re-merge of 10,000 records. Each address becomes one 64-bit key (its offset
/// from the smallest, then the position in the low bits, so every key differs) and the keys
/// are sorted by a least-significant-digit radix sort, 11 bits a pass, with only as many passes
/// as the largest key has digits (two or three for a response's records).
enum MemoryOrder {
    static func positions(sortedBy addresses: [UInt]) -> [Int] {
        let count = addresses.count
        guard count > 1, let lowest = addresses.min(), let highest = addresses.max() else { return Array(0..<count) }
        let positionBits = UInt64.bitWidth - UInt64(count - 1).leadingZeroBitCount
        // Heap blocks are 16-byte aligned; drop more low bits only if the span would not fit.
        var shift = 4
        while (UInt64(highest - lowest) >> UInt64(shift)).bitWidthNeeded + positionBits > UInt64.bitWidth { shift += 1 }
        var keys = addresses.enumerated().map { position, address in
            (UInt64(address - lowest) >> UInt64(shift)) << UInt64(positionBits) | UInt64(position)
        }
        radixSort(&keys)
        let mask = (UInt64(1) << UInt64(positionBits)) - 1
        return keys.map { Int($0 & mask) }
    }

    private static let digitBits = 11

    private static func radixSort(_ keys: inout [UInt64]) {
        let largest = keys.max() ?? 0
        var scratch = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        let digitMask = UInt64((1 << digitBits) - 1)
        var shift: UInt64 = 0
        while shift < 64, largest >> shift != 0 {
            for index in counts.indices { counts[index] = 0 }
            for key in keys { counts[Int((key >> shift) & digitMask)] += 1 }
            var total = 0
            for index in counts.indices {
                let digitCount = counts[index]
                counts[index] = total
                total += digitCount
            }
            for key in keys {
                let digit = Int((key >> shift) & digitMask)
                scratch[counts[digit]] = key
                counts[digit] += 1
            }
            swap(&keys, &scratch)
            shift += UInt64(digitBits)
        }
    }
}

private extension UInt64 {
    /// How many bits the value needs (0 for zero).
    var bitWidthNeeded: Int { UInt64.bitWidth - leadingZeroBitCount }
}
