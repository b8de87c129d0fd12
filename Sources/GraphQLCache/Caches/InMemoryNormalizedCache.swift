import Synchronization

/// A thread-safe cache of records in memory, with Apollo's merge semantics and an ordered key
/// index kept lazily for browsing.
public final class InMemoryNormalizedCache: BrowsableNormalizedCache, ReadSnapshotting {
    private struct State {
        var records = RecordSet()
        /// Keys in `CacheKey` order; rebuilt on demand after keys are added or removed.
        var sortedKeys: [CacheKey] = []
        var sortedKeysValid = true
    }

    private let state: Mutex<State>

    public init(records: RecordSet = RecordSet()) {
        var initial = State()
        initial.records = records
        initial.sortedKeysValid = records.isEmpty
        state = Mutex(initial)
    }

    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        state.withLock { state in
            var result = [CacheKey: Record](minimumCapacity: keys.count)
            for key in keys { if let record = state.records[key] { result[key] = record } }
            return result
        }
    }

    /// The records as they are now, sharing their storage until the next write (which then
    /// copies it once, if the snapshot is still open).
    public func readSnapshot() throws -> (any CacheReadSnapshot)? {
        RecordSetSnapshot(state.withLock { $0.records })
    }

    @discardableResult
    public func merge(records: RecordSet) throws -> FieldChanges {
        state.withLock { state in
            let before = state.records.count
            let changed = state.records.merge(records: records)
            if state.records.count != before { state.sortedKeysValid = false }
            return changed
        }
    }

    @discardableResult
    public func removeRecord(for key: CacheKey) throws -> Bool {
        state.withLock { state in
            guard state.records.removeRecord(for: key) != nil else { return false }
            state.sortedKeysValid = false
            return true
        }
    }

    @discardableResult
    public func removeRecords(matching pattern: String) throws -> Set<CacheKey> {
        let matcher = KeyPattern(pattern)
        return state.withLock { state in
            let doomed = state.records.keys.filter(matcher.matches)
            for key in doomed { state.records.removeRecord(for: key) }
            if !doomed.isEmpty { state.sortedKeysValid = false }
            return Set(doomed)
        }
    }

    public func clear() throws {
        state.withLock { state in
            state.records.removeAll()
            state.sortedKeys = []
            state.sortedKeysValid = true
        }
    }

    public func recordCount() throws -> Int { state.withLock { $0.records.count } }

    public func keyCount(matching filter: String?) throws -> Int {
        guard let filter, !filter.isEmpty else { return try recordCount() }
        let matcher = KeyPattern(filter)
        return state.withLock { state in state.records.keys.count(where: matcher.matches) }
    }

    public func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        let matcher = filter.flatMap { $0.isEmpty ? nil : KeyPattern($0) }
        return state.withLock { state in
            if !state.sortedKeysValid {
                state.sortedKeys = state.records.keys.sorted()
                state.sortedKeysValid = true
            }
            guard let matcher else {
                let start = min(max(offset, 0), state.sortedKeys.count)
                return Array(state.sortedKeys[start..<min(start + max(limit, 0), state.sortedKeys.count)])
            }
            var page: [CacheKey] = []
            var skipped = 0
            for key in state.sortedKeys where matcher.matches(key) {
                if skipped < offset { skipped += 1; continue }
                if page.count >= limit { break }
                page.append(key)
            }
            return page
        }
    }

    public func forEachRecord(_ body: (ScannedRow) throws -> Void) throws {
        let snapshot = state.withLock { $0.records }
        let total = snapshot.records.count
        for (visited, record) in snapshot.records.enumerated() {
            if visited % Self.recordsPerProgress == 0 { try ScanProgress.rowsRead(visited, of: total) }
            try body(.record(record))
        }
    }

    /// Records visited between two reports to an observing `ScanProgress`.
    static let recordsPerProgress = 4096

    public func performAtomically<T>(_ body: () throws -> T) throws -> T { try body() }

    /// Each change runs under the lock and cannot fail halfway.
    public var appliesEachChangeAtomically: Bool { true }
}
