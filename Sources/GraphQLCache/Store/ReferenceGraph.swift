import Foundation

/// Every row's key and the keys it references, held as bytes: what garbage collection walks.
///
/// Keys are interned into one byte buffer with a table of their own (hashed and compared as
/// bytes, as `CacheKey` compares them), so that a scan of 100,000 rows makes no `String` for a
/// key and no dictionary of arrays; a node is a number, its edges a range of one array. A key
/// that is only referenced is a node without a row (`isPresent` false).
package struct ReferenceGraph: Sendable {
    /// Every interned key's bytes, one after another.
    private var bytes: [UInt8] = []
    /// Each node's key: its bytes' start in `bytes` and their count.
    private var spans: [(start: Int, count: Int)] = []
    /// Whether each node has a row (as the collection sees the rows).
    private(set) var isPresent: [Bool] = []
    /// Each node's edges: a range of `targets` (empty for a node without a row).
    private var edgeRanges: [Range<Int>] = []
    private var targets: [Int32] = []
    /// Open addressing over node numbers (-1: empty), a power of two in size.
    private var table: [Int32] = Array(repeating: -1, count: 1024)

    package init() {}

    /// How many nodes there are (rows and keys only referenced).
    var count: Int { spans.count }

    /// Adds a row under `key` whose record references `references` (read with `reference`,
    /// which calls its argument with each referenced key's bytes); a row already added under
    /// the same key is replaced.
    package mutating func addRow(key: UnsafeBufferPointer<UInt8>,
                                 references: (_ add: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        let node = intern(key)
        let start = targets.count
        references { target in
            let targetNode = intern(target)
            targets.append(Int32(targetNode))
        }
        isPresent[node] = true
        edgeRanges[node] = start..<targets.count
    }

    /// Adds a row from a decoded record (or replaces it).
    package mutating func addRow(_ key: CacheKey, references: [CacheKey]) {
        Self.withBytes(key) { keyBytes in
            addRow(key: keyBytes) { add in
                for reference in references { Self.withBytes(reference, add) }
            }
        }
    }

    /// Removes the row under `key`, if any: the key is then only referenced.
    mutating func removeRow(_ key: CacheKey) {
        guard let node = node(of: key) else { return }
        isPresent[node] = false
        edgeRanges[node] = 0..<0
    }

    /// The node of `key`, if interned.
    func node(of key: CacheKey) -> Int? {
        Self.withBytes(key) { find($0) }
    }

    /// Whether `key` has a row.
    func hasRow(_ key: CacheKey) -> Bool { node(of: key).map { isPresent[$0] } ?? false }

    /// The nodes `node`'s row references.
    func edges(of node: Int) -> ArraySlice<Int32> { targets[edgeRanges[node]] }

    /// The key of `node`, as a `CacheKey`.
    func key(of node: Int) -> CacheKey {
        let span = spans[node]
        return bytes.withUnsafeBufferPointer { all in
            CacheKey(String(decoding: UnsafeBufferPointer(rebasing: all[span.start..<span.start + span.count]), as: UTF8.self))
        }
    }

    /// The rows no root (`QUERY_ROOT`, `MUTATION_ROOT`, `SUBSCRIPTION_ROOT`) reaches by
    /// following references from row to row.
    func unreachableRows() -> [Int] {
        var reached = [Bool](repeating: false, count: count)
        var pending = [CacheKey.queryRoot, .mutationRoot, .subscriptionRoot].compactMap(node(of:)).filter { isPresent[$0] }
        for root in pending { reached[root] = true }
        while let node = pending.popLast() {
            for target in edges(of: node) where isPresent[Int(target)] && !reached[Int(target)] {
                reached[Int(target)] = true
                pending.append(Int(target))
            }
        }
        return (0..<count).filter { isPresent[$0] && !reached[$0] }
    }

    /// The rows that reference a key without a row.
    func rowsReferencingAbsentKeys() -> [Int] {
        (0..<count).filter { node in isPresent[node] && edges(of: node).contains { !isPresent[Int($0)] } }
    }

    /// Calls `body` with the key's UTF-8 bytes.
    static func withBytes<T>(_ key: CacheKey, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let result = key.rawValue.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(key.rawValue.utf8).withUnsafeBufferPointer(body)
    }

    /// The node of `key`'s bytes, added when new.
    private mutating func intern(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(key)
        var slot = hash & (table.count - 1)
        while table[slot] >= 0 {
            if matches(Int(table[slot]), key) { return Int(table[slot]) }
            slot = (slot + 1) & (table.count - 1)
        }
        let node = spans.count
        spans.append((bytes.count, key.count))
        bytes.append(contentsOf: key)
        isPresent.append(false)
        edgeRanges.append(0..<0)
        table[slot] = Int32(node)
        if spans.count * 2 > table.count { grow() }
        return node
    }

    private func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        var slot = Self.hash(key) & (table.count - 1)
        while table[slot] >= 0 {
            if matches(Int(table[slot]), key) { return Int(table[slot]) }
            slot = (slot + 1) & (table.count - 1)
        }
        return nil
    }

    private func matches(_ node: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let span = spans[node]
        guard span.count == key.count else { return false }
        guard span.count > 0 else { return true }
        return bytes.withUnsafeBufferPointer { all in memcmp(all.baseAddress! + span.start, key.baseAddress!, span.count) == 0 }
    }

    /// Doubles the table and places every node again.
    private mutating func grow() {
        table = Array(repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        bytes.withUnsafeBufferPointer { all in
            for (node, span) in spans.enumerated() {
                var slot = Self.hash(UnsafeBufferPointer(rebasing: all[span.start..<span.start + span.count])) & mask
                while table[slot] >= 0 { slot = (slot + 1) & mask }
                table[slot] = Int32(node)
            }
        }
    }

    /// FNV-1a over the bytes, mixed so that the table's low bits spread (keys such as
    /// `Item:1`…`Item:99999` differ only in their last bytes).
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 29
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }
}
