import GraphQLCache

/// Keys encoded by `NaturalKeyEncoding`, in order, front-coded: each key is stored as how many
/// leading bytes it shares with the key before it and the bytes after those, in blocks of at
/// most `blockLength` keys whose first key shares nothing (is stored whole). A key is found by
/// a binary search over the blocks' first keys and a walk of at most a block; a walk in order
/// copies a few bytes a key.
///
/// Why: keys next to each other in natural order share most of their bytes (`Item:1234567` and
/// `Item:1234568`), so ten million of them take about 5 bytes each here. Kept as encoded bytes
/// with an offset and a place in the order each, they took 24, and the explorer's index of a
/// ten-million-key file 240 MB.
struct FrontCodedKeys: Sendable {
    /// Keys a block holds at most: a random key costs a walk of up to this many.
    static let blockLength = 16

    /// The blocks back to back; each key is `varint(shared) varint(rest) rest`.
    private(set) var bytes: [UInt8] = []
    /// Block `b` is `bytes[blockStarts[b]..<blockStarts[b + 1]]`.
    private(set) var blockStarts: [UInt32] = [0]
    /// The position of block `b`'s first key; the last entry is the count.
    private(set) var blockPositions: [UInt32] = [0]

    init() {}

    var count: Int { Int(blockPositions[blockPositions.count - 1]) }
    var blockCount: Int { blockStarts.count - 1 }
    /// Bytes the blocks take.
    var byteCount: Int { Int(blockStarts[blockStarts.count - 1]) }

    /// Calls `body` with a cursor over the keys (valid during the call).
    func withCursor<T>(_ body: (inout KeyCursor) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { bytes in
            try blockStarts.withUnsafeBufferPointer { starts in
                try blockPositions.withUnsafeBufferPointer { positions in
                    var cursor = KeyCursor(bytes: bytes, blockStarts: starts, blockPositions: positions)
                    return try body(&cursor)
                }
            }
        }
    }

    /// Where the key encoded as `target` stands, if it is here.
    func position(of target: UnsafeBufferPointer<UInt8>) -> Int? {
        withCursor { cursor in
            let position = cursor.lowerBound(of: target)
            guard position < count else { return nil }
            cursor.move(to: position)
            return NaturalKeyEncoding.compare(cursor.key, target) == 0 ? position : nil
        }
    }

    /// These keys without `removed` (encoded keys; those not here are ignored).
    func removing(_ removed: [[UInt8]]) -> FrontCodedKeys {
        removing(at: removed.compactMap { key in key.withUnsafeBufferPointer(position(of:)) }.sorted())
    }

    /// These keys without those at `positions` (ascending).
    func removing(at positions: [Int]) -> FrontCodedKeys {
        guard !positions.isEmpty else { return self }
        // Fewer keys never pass 4 GiB.
        return editing(removing: positions, inserting: FrontCodedKeys()) ?? self
    }

    /// The positions, in order, of the keys `test` accepts and `also` accepts (given the
    /// encoded key): one walk in order.
    func positions(matching test: KeyTest, also: (UnsafeBufferPointer<UInt8>) -> Bool) -> [Int] {
        var positions: [Int] = []
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTest.scratchCapacity)
        defer { scratch.deallocate() }
        withCursor { cursor in
            for position in 0..<count {
                if position == 0 { cursor.move(to: 0) } else { cursor.advance() }
                if test.accepts(cursor.key, scratch: scratch) && also(cursor.key) { positions.append(position) }
            }
        }
        return positions
    }

    /// The keys at `range` of positions (clamped), decoded.
    func keys(in range: Range<Int>) -> [CacheKey] {
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return [] }
        return withCursor { cursor in
            var keys: [CacheKey] = []
            keys.reserveCapacity(range.count)
            cursor.move(to: range.lowerBound)
            keys.append(NaturalKeyEncoding.decodeKey(cursor.key))
            for _ in range.dropFirst() {
                cursor.advance()
                keys.append(NaturalKeyEncoding.decodeKey(cursor.key))
            }
            return keys
        }
    }
}

/// Reads `FrontCodedKeys` in place: `move(to:)` any position, `advance()` to the next; `key` is
/// the encoded key at `position`, valid until the cursor moves.
struct KeyCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let blockStarts: UnsafeBufferPointer<UInt32>
    let blockPositions: UnsafeBufferPointer<UInt32>
    /// The decoded key's bytes (grown as a longer key needs).
    private let storage = KeyBuffer()
    private var length = 0
    /// The position of `key`; -1 before the first move.
    private(set) var position = -1
    /// Where the next key's entry starts, and where the current block ends.
    private var offset = 0
    private var blockEnd = 0
    /// The position of the next block's first key.
    private var nextBlockPosition = 0

    init(bytes: UnsafeBufferPointer<UInt8>, blockStarts: UnsafeBufferPointer<UInt32>, blockPositions: UnsafeBufferPointer<UInt32>) {
        self.bytes = bytes
        self.blockStarts = blockStarts
        self.blockPositions = blockPositions
    }

    var count: Int { Int(blockPositions[blockPositions.count - 1]) }
    var blockCount: Int { blockStarts.count - 1 }

    /// The key at `position`.
    var key: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage.pointer, count: length) }

    /// Decodes the key at `target` (within `0..<count`): on from here when it lies ahead in the
    /// same block, else from the start of its block.
    mutating func move(to target: Int) {
        if target == position { return }
        if target > position && target < nextBlockPosition && position >= 0 {
            while position < target { advance() }
            return
        }
        enterBlock(block(holding: target))
        while position < target { advance() }
    }

    /// Decodes the next key (there must be one).
    @inline(__always)
    mutating func advance() {
        if offset >= blockEnd {
            enterBlock(block(holding: position + 1))
            return
        }
        decodeEntry()
        position += 1
    }

    /// The block holding position `target`: the last whose first position is not above it.
    func block(holding target: Int) -> Int {
        var low = 0, high = blockCount
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(blockPositions[middle]) <= target { low = middle } else { high = middle }
        }
        return low
    }

    /// Decodes block `b`'s first key.
    mutating func enterBlock(_ b: Int) {
        offset = Int(blockStarts[b])
        blockEnd = Int(blockStarts[b + 1])
        nextBlockPosition = Int(blockPositions[b + 1])
        decodeEntry()
        position = Int(blockPositions[b])
    }

    /// Block `b`'s first key, in place (it shares nothing, so its bytes are stored whole).
    func firstKey(ofBlock b: Int) -> UnsafeBufferPointer<UInt8> {
        var i = Int(blockStarts[b])
        _ = Self.readVarint(bytes, &i)
        let rest = Self.readVarint(bytes, &i)
        return UnsafeBufferPointer(rebasing: bytes[i..<(i + rest)])
    }

    /// The first position whose key is not below `target`: the last block whose first key is
    /// not above it, then a walk.
    mutating func lowerBound(of target: UnsafeBufferPointer<UInt8>) -> Int {
        guard blockCount > 0 else { return 0 }
        var low = 0, high = blockCount
        while low < high {
            let middle = (low + high) / 2
            if NaturalKeyEncoding.compare(firstKey(ofBlock: middle), target) <= 0 { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        enterBlock(low - 1)
        while NaturalKeyEncoding.compare(key, target) < 0 {
            guard position + 1 < nextBlockPosition else { return position + 1 }
            advance()
        }
        return position
    }

    @inline(__always)
    private mutating func decodeEntry() {
        let shared = Self.readVarint(bytes, &offset)
        let rest = Self.readVarint(bytes, &offset)
        let total = shared + rest
        if total > storage.capacity { storage.grow(to: total, keeping: length) }
        let source = bytes.baseAddress! + offset, target = storage.pointer + shared
        // A key's own bytes are usually two or three: a call to `memmove` for each cost more
        // than the copy.
        if rest <= 16 {
            for i in 0..<rest { target[i] = source[i] }
        } else {
            target.update(from: source, count: rest)
        }
        offset += rest
        length = total
    }

    @inline(__always)
    static func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int {
        var byte = Int(bytes[i])
        i += 1
        guard byte >= 0x80 else { return byte }
        var value = byte & 0x7F, shift = 7
        repeat {
            byte = Int(bytes[i])
            i += 1
            value |= (byte & 0x7F) << shift
            shift += 7
        } while byte >= 0x80
        return value
    }
}

/// A cursor's decoded key: a class, so that a cursor copied into an array (a merge's) still
/// frees it once, whichever copy grew it.
final class KeyBuffer {
    private(set) var pointer: UnsafeMutablePointer<UInt8>
    private(set) var capacity = 256

    init() { pointer = .allocate(capacity: capacity) }

    deinit { pointer.deallocate() }

    /// Room for `needed` bytes, the first `kept` of them kept.
    func grow(to needed: Int, keeping kept: Int) {
        capacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: pointer, count: kept)
        pointer.deallocate()
        pointer = grown
    }
}

extension FrontCodedKeys {
    /// Writes keys given in order into blocks; `finish()` returns them.
    struct Builder {
        private var bytes: [UInt8] = []
        private var blockStarts: [UInt32] = []
        private var blockPositions: [UInt32] = []
        private var count = 0
        /// Keys in the block being written (`blockLength` when a new block must start).
        private var inBlock = FrontCodedKeys.blockLength
        /// The last key written, whole.
        private var previous: [UInt8] = []
        /// Set when the blocks would pass 4 GiB: nothing more is written.
        private(set) var isFull = false

        /// A builder with room for about `bytes` bytes (room not written costs address space
        /// only) and `keys` keys.
        init(reservingBytes bytes: Int = 0, keys: Int = 0) {
            self.bytes.reserveCapacity(bytes)
            blockStarts.reserveCapacity(keys / FrontCodedKeys.blockLength + 2)
            blockPositions.reserveCapacity(keys / FrontCodedKeys.blockLength + 2)
        }

        var keyCount: Int { count }

        /// Appends `key`, which sorts after the last one appended.
        mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
            guard !isFull else { return }
            var shared = 0
            if inBlock == FrontCodedKeys.blockLength {
                guard startBlock(adding: key.count + 20) else { return }
            } else {
                let common = min(previous.count, key.count)
                previous.withUnsafeBufferPointer { previous in
                    while shared < common && previous[shared] == key[shared] { shared += 1 }
                }
                guard bytes.count + key.count - shared + 20 <= Int(UInt32.max) else { isFull = true; return }
            }
            appendVarint(shared)
            appendVarint(key.count - shared)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: key[shared...]))
            previous.removeSubrange(shared...)
            previous.append(contentsOf: UnsafeBufferPointer(rebasing: key[shared...]))
            inBlock += 1
            count += 1
        }

        /// Appends block `b` of `keys` as it is (its keys sort after the last one appended).
        mutating func appendBlock(_ b: Int, of keys: FrontCodedKeys) {
            guard !isFull else { return }
            let start = Int(keys.blockStarts[b]), end = Int(keys.blockStarts[b + 1])
            guard bytes.count + (end - start) <= Int(UInt32.max) else { isFull = true; return }
            blockStarts.append(UInt32(bytes.count))
            blockPositions.append(UInt32(count))
            bytes.append(contentsOf: keys.bytes[start..<end])
            count += Int(keys.blockPositions[b + 1] - keys.blockPositions[b])
            inBlock = FrontCodedKeys.blockLength
        }

        private mutating func startBlock(adding size: Int) -> Bool {
            guard bytes.count + size <= Int(UInt32.max) else { isFull = true; return false }
            blockStarts.append(UInt32(bytes.count))
            blockPositions.append(UInt32(count))
            inBlock = 0
            return true
        }

        private mutating func appendVarint(_ value: Int) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        /// The keys written (none once `isFull`).
        consuming func finish() -> FrontCodedKeys {
            var keys = FrontCodedKeys()
            guard !isFull else { return keys }
            blockStarts.append(UInt32(bytes.count))
            blockPositions.append(UInt32(count))
            keys.bytes = bytes
            keys.blockStarts = blockStarts
            keys.blockPositions = blockPositions
            return keys
        }
    }
}
