/// What a garbage collection removed: whole records no root reaches, and fields whose
/// reference (or a list element's reference) named an absent record.
public struct GarbageCollectionResult: Sendable, Hashable {
    /// Records removed because no root (`QUERY_ROOT`, `MUTATION_ROOT`, `SUBSCRIPTION_ROOT`)
    /// reaches them by following references.
    public var removedKeys: Set<CacheKey>
    /// Fields removed because they pointed at an absent record.
    public var removedFields: Set<FieldKey>

    public init(removedKeys: Set<CacheKey> = [], removedFields: Set<FieldKey> = []) {
        self.removedKeys = removedKeys
        self.removedFields = removedFields
    }

    /// Whether nothing was removed.
    public var isEmpty: Bool { removedKeys.isEmpty && removedFields.isEmpty }
}

/// Garbage collection in the library, as Apollo Kotlin's normalized cache 1.0 has it
/// (`removeUnreachableRecords`, `removeDanglingReferences`, `garbageCollect`). Each call is one
/// read-write transaction: watchers and subscribers hear of the removals as of any other.
/// The cache must list its records (`BrowsableNormalizedCache`, as both caches here do).
extension CacheStore {
    /// Removes every record that no root reaches; returns their keys.
    @discardableResult
    public func removeUnreachableRecords() throws -> Set<CacheKey> {
        try withinReadWriteTransaction { try $0.removeUnreachableRecords() }
    }

    /// Removes every field whose reference, or a list element's reference, names an absent
    /// record; returns those field keys.
    @discardableResult
    public func removeDanglingReferences() throws -> Set<FieldKey> {
        try withinReadWriteTransaction { try $0.removeDanglingReferences() }
    }

    /// Dangling references first, then what no root reaches any more, in one transaction.
    @discardableResult
    public func garbageCollect() throws -> GarbageCollectionResult {
        try withinReadWriteTransaction { transaction in
            let fields = try transaction.removeDanglingReferences()
            return GarbageCollectionResult(removedKeys: try transaction.removeUnreachableRecords(), removedFields: fields)
        }
    }
}

extension ReadWriteTransaction {
    /// Removes every record that no root reaches, as this transaction sees the records.
    @discardableResult
    public func removeUnreachableRecords() throws -> Set<CacheKey> {
        let records = try allRecords()
        let unreachable = RecordReachability.unreachableKeys(edges: records.mapValues(\.referencedKeys))
        for key in unreachable { overlay.remove(key, current: records[key]) }
        return unreachable
    }

    /// Removes every field that points at an absent record (directly or in a list).
    @discardableResult
    public func removeDanglingReferences() throws -> Set<FieldKey> {
        let records = try allRecords()
        var removed = Set<FieldKey>()
        for record in records.values {
            let dangling = record.fields.filter { $0.value.referencedKeys.contains { records[$0] == nil } }.map(\.key)
            guard !dangling.isEmpty else { continue }
            overlay.removeFields(Set(dangling), of: record)
            removed.formUnion(dangling.map { FieldKey(record: record.key, field: $0) })
        }
        return removed
    }

    /// Every record as this transaction sees it: the cache's, scanned once (rows that cannot be
    /// read are left alone), with this transaction's writes over them.
    private func allRecords() throws -> [CacheKey: Record] {
        try checkOpen()
        guard let browsable = cache as? any BrowsableNormalizedCache else {
            throw GraphQLCacheError.storage("garbage collection needs a cache that can list its records")
        }
        var records: [CacheKey: Record] = [:]
        try browsable.forEachRecord { row in
            if case .record(let record) = row, !overlay.hidesBase(record.key) { records[record.key] = record }
        }
        overlay.rememberBase(records, for: Set(records.keys))
        for key in overlay.patches.keys {
            if let record = overlay.effectiveRecord(key) { records[key] = record }
        }
        return records
    }
}

/// Which records the roots reach by following references: what `removeUnreachableRecords()`
/// removes, and what the explorer's `:gc` lists before it deletes (undoably).
public enum RecordReachability {
    /// The keys of `edges` (each record's key and the keys it references) that no root
    /// (`QUERY_ROOT`, `MUTATION_ROOT`, `SUBSCRIPTION_ROOT`) reaches.
    public static func unreachableKeys(edges: [CacheKey: [CacheKey]]) -> Set<CacheKey> {
        var reached = Set<CacheKey>()
        var pending = [CacheKey.queryRoot, .mutationRoot, .subscriptionRoot].filter { edges[$0] != nil }
        while let key = pending.popLast() {
            guard reached.insert(key).inserted, let targets = edges[key] else { continue }
            pending.append(contentsOf: targets.filter { edges[$0] != nil && !reached.contains($0) })
        }
        return Set(edges.keys).subtracting(reached)
    }
}
