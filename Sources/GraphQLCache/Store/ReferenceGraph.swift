import Foundation

/// Every row's key and the keys it references, as numbers: what garbage collection walks.
///
/// Keys are interned by their bytes (`InternedKeys`), copied once out of the buffer a scan
/// reads them in (`PendingRows`); a node is a number, its edges a range of one flat array of node numbers, and the
/// walk from the roots marks an array of flags. A scan of 100,000 rows thus makes no `String`,
/// no array and no dictionary entry per row. A key that is only referenced is a node without a
/// row (`isPresent` false).
package struct ReferenceGraph: Sendable {
    private var keys = InternedKeys()
    /// Whether each node has a row (as the collection sees the rows).
    package private(set) var isPresent: [Bool] = []
    /// Each node's edges: a range of `targets` (empty for a node without a row). A row added
    /// again gets a new range; its old one is left unused.
    private var edgeRanges: [Range<Int>] = []
    private var targets: [Int32] = []
    /// The rows' nodes in the order the rows were added (a row added again is listed again):
    /// lint names rows in the order it read them.
    package private(set) var rowOrder: [Int32] = []
    /// Rows scanned and not yet interned, and their keys' nodes once interned (kept to spare
    /// allocations).
    private var pending = PendingRows()
    private var pendingNodes: [Int32] = []

    package init() {}

    /// How many nodes there are (rows and keys only referenced).
    package var count: Int {
        assert(pending.isEmpty, "finishRows() must come before the graph is read")
        return isPresent.count
    }

    /// Adds the row under `key` with the references its stored JSON text shows, found in the
    /// bytes (`RecordJSON.forEachReference`); returns false, adding nothing, when the text must
    /// be decoded to know them. The keys are copied and interned with those of the rows around
    /// it (`PendingRows`): `finishRows()` must come before the graph is read.
    package mutating func addRow(key: UnsafeBufferPointer<UInt8>, json: UnsafeBufferPointer<UInt8>) -> Bool {
        guard RecordJSON.forEachReference(in: json, { pending.add($0) }) else {
            pending.dropOpenRow()
            return false
        }
        pending.add(key)
        pending.endRow()
        if pending.keyCount >= Self.pendingKeyLimit { finishRows() }
        return true
    }

    /// Interns the keys of the rows `addRow(key:json:)` added and gives the rows their edges.
    package mutating func finishRows() {
        guard !pending.isEmpty else { return }
        pendingNodes.removeAll(keepingCapacity: true)
        pending.withKeys { key in
            keys.intern(count: pending.keyCount, key) { _, node in pendingNodes.append(node) }
        }
        addNodesInterned()
        pendingNodes.withUnsafeBufferPointer { nodes in
            var first = 0
            for row in pending.rows {
                let start = targets.count
                targets.append(contentsOf: UnsafeBufferPointer(rebasing: nodes[first..<row]))
                isPresent[Int(nodes[row])] = true
                edgeRanges[Int(nodes[row])] = start..<targets.count
                rowOrder.append(nodes[row])
                first = row + 1
            }
        }
        pending.removeAll()
    }

    /// Pending keys past which a scan's rows are interned.
    private static var pendingKeyLimit: Int { 1_024 }

    /// Adds a row under `key` whose record references what `references` passes to its argument
    /// (each referenced key's bytes); a row already added under the same key is replaced.
    package mutating func addRow(key: UnsafeBufferPointer<UInt8>,
                                 references: (_ add: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        finishRows()
        let start = targets.count
        references { targets.append(node(for: $0)) }
        setRow(node(for: key), edges: start..<targets.count)
    }

    /// Adds a row from a decoded record (or replaces it): the references of its fields and of
    /// lists in them, as `Record.referencedKeys` has them, without gathering them in an array.
    package mutating func addRow(_ record: Record) {
        finishRows()
        let start = targets.count
        for value in record.fields.values { appendReferences(of: value) }
        setRow(node(for: record.key), edges: start..<targets.count)
    }

    /// Adds a row under `key` that references `references` (or replaces it).
    package mutating func addRow(_ key: CacheKey, references: [CacheKey]) {
        finishRows()
        let start = targets.count
        for reference in references { targets.append(node(for: reference)) }
        setRow(node(for: key), edges: start..<targets.count)
    }

    /// Removes the row under `key`, if any: the key is then only referenced.
    mutating func removeRow(_ key: CacheKey) {
        finishRows()
        guard let node = node(of: key) else { return }
        isPresent[node] = false
        edgeRanges[node] = 0..<0
    }

    /// The node of `key`, if interned.
    func node(of key: CacheKey) -> Int? {
        assert(pending.isEmpty, "finishRows() must come before the graph is read")
        return Self.withBytes(key) { keys.find($0) }
    }

    /// Whether `key` has a row.
    package func hasRow(_ key: CacheKey) -> Bool { node(of: key).map { isPresent[$0] } ?? false }

    /// The nodes `node`'s row references.
    package func edges(of node: Int) -> ArraySlice<Int32> { targets[edgeRanges[node]] }

    /// The key of `node`, as a `CacheKey`.
    package func key(of node: Int) -> CacheKey { keys.key(of: node) }

    /// Calls `body` with the key's UTF-8 bytes.
    static func withBytes<T>(_ key: CacheKey, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let result = key.rawValue.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(key.rawValue.utf8).withUnsafeBufferPointer(body)
    }

    /// The node of `key`'s bytes, added (without a row) when new.
    private mutating func node(for key: UnsafeBufferPointer<UInt8>) -> Int32 {
        let node = keys.intern(key)
        if Int(node) == isPresent.count {
            isPresent.append(false)
            edgeRanges.append(0..<0)
        }
        return node
    }

    private mutating func node(for key: CacheKey) -> Int32 {
        Self.withBytes(key) { (bytes: UnsafeBufferPointer<UInt8>) -> Int32 in node(for: bytes) }
    }

    /// Gives the nodes interned since the last call their flag and (empty) edges.
    private mutating func addNodesInterned() {
        let added = keys.count - isPresent.count
        guard added > 0 else { return }
        isPresent.append(contentsOf: repeatElement(false, count: added))
        edgeRanges.append(contentsOf: repeatElement(0..<0, count: added))
    }

    private mutating func setRow(_ node: Int32, edges: Range<Int>) {
        isPresent[Int(node)] = true
        edgeRanges[Int(node)] = edges
        rowOrder.append(node)
    }

    private mutating func appendReferences(of value: CacheValue) {
        switch value {
        case .reference(let key): targets.append(node(for: key))
        case .list(let items): for item in items { appendReferences(of: item) }
        default: break
        }
    }
}
