/// The committed change that woke a watcher, as its delivery names it: who made it and which
/// of the watcher's dependencies it touched, so that a screen can say "changed by an edit of
/// Droid:2001.name" instead of only showing new data.
///
/// A burst of changes while a re-read runs wakes a watcher once; the trigger then holds all of
/// them: the latest writer and every key any of them touched.
public struct WatchTrigger: Sendable, Hashable {
    /// Who made the (latest) change: the origin its writer passed, `.external` for another
    /// process's commit, nil for a writer that gave none.
    public var origin: ChangeOrigin?
    /// The watched field keys the change added, changed or removed.
    public var fields: Set<FieldKey>
    /// The records the watcher found absent (or read) that the change added, changed or removed.
    public var records: Set<CacheKey>
    /// Records the watcher read that the change removed (whose fields the change may not
    /// list): an incremental watch drops what it read from them.
    var removedReads: Set<CacheKey> = []

    /// A trigger made of its parts.
    public init(origin: ChangeOrigin?, fields: Set<FieldKey> = [], records: Set<CacheKey> = []) {
        self.origin = origin
        self.fields = fields
        self.records = records
    }

    /// What `change` touched of dependencies `fields` and `records`. Costs the keys the change
    /// touched (a lookup of each in the grouped dependencies), not the dependencies' size.
    init(change: CacheChange, fields watched: FieldDependencies, records watchedRecords: Set<CacheKey>) {
        origin = change.origin
        var fields = Set<FieldKey>()
        var records = Set<CacheKey>()
        // Record by record, as a merge's change holds its keys: each record looked up once, no
        // set of the change's field keys made.
        for (keys, changed) in [(change.changedFieldKeys, true), (change.removedFieldKeys, false)] {
            keys.forEachRecord { record, names in
                if changed, !watchedRecords.isEmpty, watchedRecords.contains(record) { records.insert(record) }
                guard let watchedNames = watched.names(of: record) else { return }
                for name in names where watchedNames.contains(name) { fields.insert(FieldKey(record: record, field: name)) }
            }
        }
        if !watchedRecords.isEmpty { records.formUnion(change.removedRecordKeys.lazy.filter(watchedRecords.contains)) }
        self.fields = fields
        self.records = records
        removedReads = Set(change.removedRecordKeys.lazy.filter(watched.contains(record:)))
    }

    /// Whether the change touched none of the dependencies.
    public var isEmpty: Bool { fields.isEmpty && records.isEmpty && removedReads.isEmpty }

    /// Whether another process made the (latest) change.
    public var isExternal: Bool { origin == .external }

    /// This trigger followed by `later`: the later writer, every key of both.
    public func merged(with later: WatchTrigger) -> WatchTrigger {
        var merged = WatchTrigger(origin: later.origin, fields: fields.union(later.fields), records: records.union(later.records))
        merged.removedReads = removedReads.union(later.removedReads)
        return merged
    }
}
