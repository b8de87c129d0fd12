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
        try withinReadWriteTransaction { try $0.garbageCollect() }
    }
}

/// One scan of every row's references (`ReferenceGraph`, from the stored text where the cache
/// can) with this transaction's writes laid over it; only the records that change are read
/// whole. A row that cannot be read is left alone: never removed, present to the references
/// that name it, and what its text references is kept.
extension ReadWriteTransaction {
    /// Removes every record that no root reaches, as this transaction sees the records.
    @discardableResult
    public func removeUnreachableRecords() throws -> Set<CacheKey> {
        try removeUnreachable(in: try referenceGraph())
    }

    /// Removes every field that points at an absent record (directly or in a list).
    @discardableResult
    public func removeDanglingReferences() throws -> Set<FieldKey> {
        var graph = try referenceGraph()
        return try removeDangling(in: &graph)
    }

    /// Dangling references first, then what no root reaches any more, from one scan.
    @discardableResult
    public func garbageCollect() throws -> GarbageCollectionResult {
        var graph = try referenceGraph()
        let fields = try removeDangling(in: &graph)
        return GarbageCollectionResult(removedKeys: try removeUnreachable(in: graph), removedFields: fields)
    }

    private func removeUnreachable(in graph: ReferenceGraph) throws -> Set<CacheKey> {
        let records = try readableRecords(Set(graph.unreachableRows().map(graph.key(of:))))
        for (key, record) in records { overlay.remove(key, current: record) }
        return Set(records.keys)
    }

    /// Reads whole only the rows that reference a key without a row, and removes their
    /// fields that do; the graph then holds the records as they are left.
    private func removeDangling(in graph: inout ReferenceGraph) throws -> Set<FieldKey> {
        var removed = Set<FieldKey>()
        for record in try readableRecords(Set(graph.rowsReferencingAbsentKeys().map(graph.key(of:)))).values {
            let dangling = Set(record.fields.filter { $0.value.referencedKeys.contains { !graph.hasRow($0) } }.map(\.key))
            guard !dangling.isEmpty else { continue }
            overlay.removeFields(dangling, of: record)
            graph.addRow(record.key, references: record.fields.filter { !dangling.contains($0.key) }.values.flatMap(\.referencedKeys))
            removed.formUnion(dangling.map { FieldKey(record: record.key, field: $0) })
        }
        return removed
    }

    /// Every row's references as this transaction sees them: the cache's, with the rows this
    /// transaction removed taken out and the records it wrote as they now are.
    private func referenceGraph() throws -> ReferenceGraph {
        try checkOpen()
        guard let browsable = cache as? any BrowsableNormalizedCache else {
            throw GraphQLCacheError.storage("garbage collection needs a cache that can list its records")
        }
        var graph = try browsable.referenceGraph()
        if overlay.cleared || !overlay.hiddenPatterns.isEmpty {
            for node in 0..<graph.count where graph.isPresent[node] && overlay.hidesBase(graph.key(of: node)) {
                graph.removeRow(graph.key(of: node))
            }
        } else {
            for key in overlay.hiddenKeys { graph.removeRow(key) }
        }
        let written = try loadRecords(forKeys: Set(overlay.patches.keys))
        for key in overlay.patches.keys {
            if let record = written[key] { graph.addRow(key, references: record.referencedKeys) } else { graph.removeRow(key) }
        }
        return graph
    }

    /// The records among `keys` as this transaction sees them, leaving out rows that cannot be
    /// read (which garbage collection leaves alone) instead of failing on them.
    private func readableRecords(_ keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        let toLoad = overlay.baseKeysToLoad(keys)
        if let rows = cache as? BrokenRowReporting, !toLoad.isEmpty {
            let stored = try rows.loadStoredRecords(forKeys: toLoad)
            let readable = stored.compactMapValues(\.record)
            overlay.rememberBase(readable, for: toLoad.filter { stored[$0]?.record != nil || stored[$0] == nil })
        } else if !toLoad.isEmpty {
            overlay.rememberBase(try cache.loadRecords(forKeys: toLoad), for: toLoad)
        }
        var records = [CacheKey: Record](minimumCapacity: keys.count)
        for key in keys { if let record = overlay.effectiveRecord(key) { records[key] = record } }
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
