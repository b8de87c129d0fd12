import Dispatch
import GraphQLCache
import Synchronization

/// A cache whose big reads (more than `threshold` keys at once, as a watch over a long list
/// makes) wait until the test opens the gate: a read that is certainly still running while the
/// test sends keys, with no timing involved.
final class GatedCache: BrowsableNormalizedCache {
    private let base: InMemoryNormalizedCache
    private let threshold: Int
    private let isOpen = Mutex(false)
    private let opened = DispatchSemaphore(value: 0)
    /// Signalled when a big read reaches the gate.
    let reachedGate = DispatchSemaphore(value: 0)
    private let pages = Atomic<Int>(0)
    private let loads = Atomic<Int>(0)

    /// How many record keys were loaded, from the cache or a snapshot of it.
    var keysLoaded: Int { loads.load(ordering: .relaxed) }

    /// How many pages of keys were asked for (each is one refresh of the record list).
    var pageLoads: Int { pages.load(ordering: .relaxed) }

    init(records: RecordSet, threshold: Int = 1_000) {
        base = InMemoryNormalizedCache(records: records)
        self.threshold = threshold
    }

    /// Lets every waiting and later read through.
    func open() {
        isOpen.withLock { $0 = true }
        opened.signal()
    }

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        passGate(keys.count)
        return try base.loadRecords(forKeys: keys)
    }

    /// Waits at the gate when `count` keys make a big read and the gate is shut.
    func passGate(_ count: Int) {
        loads.add(count, ordering: .relaxed)
        if count > threshold, !isOpen.withLock({ $0 }) {
            reachedGate.signal()
            opened.wait()
            opened.signal()
        }
    }

    func merge(records: RecordSet) throws -> FieldChanges { try base.merge(records: records) }
    func removeRecord(for key: CacheKey) throws -> Bool { try base.removeRecord(for: key) }
    func removeRecords(matching pattern: String) throws -> Set<CacheKey> { try base.removeRecords(matching: pattern) }
    func clear() throws { try base.clear() }
    func recordCount() throws -> Int { try base.recordCount() }
    func keyCount(matching filter: String?) throws -> Int { try base.keyCount(matching: filter) }
    func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        pages.add(1, ordering: .relaxed)
        return try base.keys(matching: filter, offset: offset, limit: limit)
    }
    /// Where scans of every record stop at the gate, once `stopScans(after:)` set it.
    private let scanStop = Mutex<Int?>(nil)

    /// Every later scan of all records (`forEachRecord`) waits at the gate after `visited`
    /// records, until it opens: a scan certainly still running halfway.
    func stopScans(after visited: Int) { scanStop.withLock { $0 = visited } }

    func forEachRecord(_ body: (ScannedRow) throws -> Void) throws {
        guard let stop = scanStop.withLock({ $0 }) else { return try base.forEachRecord(body) }
        var visited = 0
        try base.forEachRecord { row in
            if visited == stop, !isOpen.withLock({ $0 }) {
                reachedGate.signal()
                opened.wait()
                opened.signal()
            }
            visited += 1
            try body(row)
        }
    }
    func performAtomically<T>(_ body: () throws -> T) throws -> T { try base.performAtomically(body) }
}

/// The store reads snapshots of the cache (so that writers need not wait for a long read):
/// a snapshot's big reads wait at the same gate.
extension GatedCache: ReadSnapshotting {
    func readSnapshot() throws -> (any CacheReadSnapshot)? {
        guard let snapshot = try base.readSnapshot() else { return nil }
        return GatedSnapshot(base: snapshot, gate: self)
    }
}

final class GatedSnapshot: CacheReadSnapshot {
    private let base: any CacheReadSnapshot
    private let gate: GatedCache

    init(base: any CacheReadSnapshot, gate: GatedCache) {
        self.base = base
        self.gate = gate
    }

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        gate.passGate(keys.count)
        return try base.loadRecords(forKeys: keys)
    }

    func close() { base.close() }
}
