/// The uncommitted writes of a read-write transaction, laid over the cache so that later reads
/// in the transaction see them, and replayed onto the cache at commit.
///
/// Removals hide base records (by key, by pattern, or all after `clear`); merges are kept as
/// patches of changed fields. A patch written after a removal of its key stands alone; a removal
/// drops the patches it matches. So at commit, removals go first and patches are merged after.
struct TransactionOverlay {
    /// Changed fields by record, merged over the (possibly hidden) base record.
    private(set) var patches: [CacheKey: Record] = [:]
    /// Base records removed by key.
    private(set) var hiddenKeys: Set<CacheKey> = []
    /// Base records removed by pattern.
    private(set) var hiddenPatterns: [KeyPattern] = []
    /// Whether every base record is hidden.
    private(set) var cleared = false
    /// Base records already loaded in this transaction (`nil`: known absent). Valid for the whole
    /// transaction because the store's write lock keeps other writers out.
    private var loadedBase: [CacheKey: Record?] = [:]

    /// What the transaction has changed so far, as it will be reported.
    private(set) var change = CacheChange()

    /// Whether a base record is hidden by a removal.
    func hidesBase(_ key: CacheKey) -> Bool {
        cleared || hiddenKeys.contains(key) || hiddenPatterns.contains { $0.matches(key) }
    }

    /// Base keys that must still be loaded from the cache to answer a read of `keys`.
    func baseKeysToLoad(_ keys: Set<CacheKey>) -> Set<CacheKey> {
        keys.filter { !hidesBase($0) && loadedBase[$0] == nil }
    }

    /// Remembers base records loaded for `keys` (absent ones as absent).
    mutating func rememberBase(_ records: [CacheKey: Record], for keys: Set<CacheKey>) {
        for key in keys { loadedBase[key] = .some(records[key]) }
    }

    /// The record as the transaction sees it: the base (unless hidden) with the patch over it.
    func effectiveRecord(_ key: CacheKey) -> Record? {
        let base = hidesBase(key) ? nil : (loadedBase[key] ?? nil)
        guard let patch = patches[key] else { return base }
        guard var record = base else { return patch }
        _ = record.merge(patch)
        return record
    }

    /// Records a merge of `incoming` over the effective record `current`; returns what changed.
    mutating func merge(_ incoming: Record, over current: Record?) -> Set<FieldKey> {
        let changed: Set<FieldKey>
        if var record = current {
            changed = record.merge(incoming)
            var patch = patches[incoming.key] ?? Record(key: incoming.key)
            for key in changed { patch.fields[key.field] = incoming.fields[key.field] }
            patches[incoming.key] = patch
        } else {
            changed = incoming.fieldKeys
            patches[incoming.key] = incoming
        }
        change.changedFields.formUnion(changed)
        return changed
    }

    /// Records the removal of `key`, whose effective record was `current`.
    mutating func remove(_ key: CacheKey, current: Record?) {
        let existed = existedBefore(key)
        patches[key] = nil
        hiddenKeys.insert(key)
        noteRemoved(current, existedBefore: existed)
    }

    /// Records the removal of every record whose key matches `pattern`; `current` holds the
    /// effective records that matched.
    mutating func remove(matching pattern: KeyPattern, current: [Record]) {
        let existed = current.map { existedBefore($0.key) }
        patches = patches.filter { !pattern.matches($0.key) }
        hiddenPatterns.append(pattern)
        for (record, existed) in zip(current, existed) { noteRemoved(record, existedBefore: existed) }
    }

    /// Records `clear()`, whose effective records were `current`.
    mutating func clear(current: [Record]) {
        let existed = current.map { existedBefore($0.key) }
        for (record, existed) in zip(current, existed) { noteRemoved(record, existedBefore: existed) }
        patches = [:]
        hiddenKeys = []
        hiddenPatterns = []
        cleared = true
    }

    /// Keys of patched records, for enumerations that must include records the cache lacks.
    var patchedKeys: Dictionary<CacheKey, Record>.Keys { patches.keys }

    /// Whether `key` had a record when the transaction began: a visible base record, or one
    /// this transaction already removed (and may have written again since).
    private func existedBefore(_ key: CacheKey) -> Bool {
        change.removedRecords.contains(key) || (!hidesBase(key) && (loadedBase[key] ?? nil) != nil)
    }

    /// Reports a removal: fields the transaction wrote to the record no longer count as changed;
    /// a record that only this transaction had created leaves no trace at all.
    private mutating func noteRemoved(_ record: Record?, existedBefore: Bool) {
        guard let record else { return }
        let fields = record.fieldKeys
        change.changedFields.subtract(fields)
        guard existedBefore else { return }
        change.removedRecords.insert(record.key)
        change.removedFields.formUnion(fields)
    }

    /// Applies the writes to `cache`: removals first, then the merged patches.
    func apply(to cache: NormalizedCache) throws {
        if cleared { try cache.clear() }
        for pattern in hiddenPatterns { try cache.removeRecords(matching: pattern.pattern) }
        for key in hiddenKeys { try cache.removeRecord(for: key) }
        if !patches.isEmpty { try cache.merge(records: RecordSet(records: patches.values)) }
    }
}
