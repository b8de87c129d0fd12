/// Changing front-coded keys: they are written again in one pass, block by block, and a block
/// that neither loses nor gains a key is copied as it is; sorted runs are merged in one pass.
extension FrontCodedKeys {
    /// These keys without those at `removed` (positions, ascending) and with `inserted` (in
    /// order, none of them here) each in its place; nil when they would pass 4 GiB.
    ///
    /// Why whole: a key's place shifts every later position, so that an edit in place would
    /// move every later block's bytes and offsets anyway; untouched blocks are copied, not
    /// decoded, so an edit costs a copy of the bytes (a few milliseconds at ten million keys).
    func editing(removing removed: [Int], inserting inserted: FrontCodedKeys) -> FrontCodedKeys? {
        var builder = Builder(reservingBytes: byteCount + inserted.byteCount, keys: count + inserted.count)
        withCursor { mine in
            inserted.withCursor { theirs in
                var hasInsert = inserted.count > 0
                if hasInsert { theirs.move(to: 0) }
                var next = 0
                /// Writes the inserted keys below `limit` (all that are left when nil).
                func insertKeys(below limit: UnsafeBufferPointer<UInt8>?) {
                    while hasInsert {
                        if let limit, NaturalKeyEncoding.compare(theirs.key, limit) >= 0 { return }
                        builder.append(theirs.key)
                        if theirs.position + 1 < theirs.count { theirs.advance() } else { hasInsert = false }
                    }
                }
                for block in 0..<blockCount {
                    let first = Int(blockPositions[block]), end = Int(blockPositions[block + 1])
                    let nextFirst = block + 1 < blockCount ? mine.firstKey(ofBlock: block + 1) : nil
                    let loses = next < removed.count && removed[next] < end
                    let gains = hasInsert && (nextFirst.map { NaturalKeyEncoding.compare(theirs.key, $0) < 0 } ?? true)
                    guard loses || gains else {
                        builder.appendBlock(block, of: self)
                        continue
                    }
                    mine.move(to: first)
                    for position in first..<end {
                        if position > first { mine.advance() }
                        insertKeys(below: mine.key)
                        while next < removed.count && removed[next] < position { next += 1 }
                        if next < removed.count && removed[next] == position {
                            next += 1
                        } else {
                            builder.append(mine.key)
                        }
                    }
                    insertKeys(below: nextFirst)
                }
                insertKeys(below: nil)
            }
        }
        guard !builder.isFull else { return nil }
        let edited = builder.finish()
        return edited.isFragmented ? edited.rewritten() : edited
    }

    /// Whether edits left many blocks part full (more than twice as many blocks as a fresh
    /// writing needs): each costs its offsets and a whole first key.
    var isFragmented: Bool {
        blockCount > 2 * (count / Self.blockLength) + 16
    }

    /// The same keys written again in full blocks; nil when they would pass 4 GiB.
    func rewritten() -> FrontCodedKeys? {
        var builder = Builder(reservingBytes: byteCount, keys: count)
        withCursor { cursor in
            guard count > 0 else { return }
            cursor.move(to: 0)
            builder.append(cursor.key)
            for _ in 1..<max(1, count) {
                cursor.advance()
                builder.append(cursor.key)
            }
        }
        return builder.isFull ? nil : builder.finish()
    }

    /// Sorted runs of keys (no key in two) merged into one; nil when it would pass 4 GiB.
    static func merged(_ runs: [FrontCodedKeys]) -> FrontCodedKeys? {
        let runs = runs.filter { $0.count > 0 }
        guard runs.count > 1 else { return runs.first ?? FrontCodedKeys() }
        let total = runs.reduce(0) { $0 + $1.count }
        // Neighbours from different runs share as much as a run's own neighbours, about.
        var builder = Builder(reservingBytes: runs.reduce(0) { $0 + $1.byteCount } * 9 / 8, keys: total)
        withCursors(runs) { cursors in
            var heap = RunHeap(cursors: cursors)
            while let top = heap.top {
                builder.append(heap.cursors[top].key)
                heap.advanceTop()
            }
        }
        return builder.isFull ? nil : builder.finish()
    }

    /// Calls `body` with a cursor on each of `runs`, each at no position yet.
    static func withCursors<T>(_ runs: [FrontCodedKeys], _ body: (inout [KeyCursor]) throws -> T) rethrows -> T {
        var cursors: [KeyCursor] = []
        cursors.reserveCapacity(runs.count)
        return try withCursors(runs[...], into: &cursors, body)
    }

    private static func withCursors<T>(_ runs: ArraySlice<FrontCodedKeys>, into cursors: inout [KeyCursor],
                                       _ body: (inout [KeyCursor]) throws -> T) rethrows -> T {
        guard let run = runs.first else { return try body(&cursors) }
        return try run.bytes.withUnsafeBufferPointer { bytes in
            try run.blockStarts.withUnsafeBufferPointer { starts in
                try run.blockPositions.withUnsafeBufferPointer { positions in
                    cursors.append(KeyCursor(bytes: bytes, blockStarts: starts, blockPositions: positions))
                    return try withCursors(runs.dropFirst(), into: &cursors, body)
                }
            }
        }
    }
}

/// Cursors on sorted runs, ordered by their keys: the top is the smallest key not taken yet.
struct RunHeap {
    private(set) var cursors: [KeyCursor]
    /// Indexes of the cursors with keys left, a binary min-heap by key.
    private var heap: [Int]

    /// Orders the cursors, each moved to its first key.
    init(cursors: [KeyCursor]) {
        var cursors = cursors
        for i in cursors.indices where cursors[i].count > 0 { cursors[i].move(to: 0) }
        self.cursors = cursors
        heap = cursors.indices.filter { cursors[$0].count > 0 }
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
    }

    var top: Int? { heap.first }

    /// Moves the top cursor on (or drops it at its run's end) and restores the order.
    mutating func advanceTop() {
        let top = heap[0]
        if cursors[top].position + 1 < cursors[top].count {
            cursors[top].advance()
        } else {
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
        }
        if !heap.isEmpty { siftDown(0) }
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        NaturalKeyEncoding.compare(cursors[a].key, cursors[b].key) < 0
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let left = 2 * i + 1, right = left + 1
            var smallest = i
            if left < heap.count && less(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && less(heap[right], heap[smallest]) { smallest = right }
            guard smallest != i else { return }
            heap.swapAt(i, smallest)
            i = smallest
        }
    }
}
