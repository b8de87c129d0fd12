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
    /// Records merged as they are at commit, their changes as the cache reports them
    /// (`mergeUnstaged`): the transaction's only write, so nothing reads them before.
    private(set) var unstagedMerge: RecordSet?

    /// Whether a base record is hidden by a removal.
    func hidesBase(_ key: CacheKey) -> Bool {
        cleared || hiddenKeys.contains(key) || hiddenPatterns.contains { $0.matches(key) }
    }

    /// Makes room for `records` more removals holding `fields` field keys in all, so that the
    /// sets they go into do not grow (and rehash every key they hold) at each doubling: a
    /// delete of 100,000 records spent a third of its removals' time growing them.
    mutating func reserveRemovals(records: Int, fields: Int) {
        hiddenKeys.reserveCapacity(hiddenKeys.count + records)
        change.removedRecords.reserveCapacity(change.removedRecords.count + records)
        change.removedFields.reserveCapacity(change.removedFields.count + fields)
    }

    /// Makes room for `records` more patches (a merge's records), so that the dictionary does
    /// not grow and rehash at each doubling while 100,000 restored records are staged.
    mutating func reservePatches(_ records: Int) {
        patches.reserveCapacity(patches.count + records)
    }

    /// Whether the base record of `key` needs no load: loaded already (or known absent), or
    /// hidden by a removal.
    func knowsBase(_ key: CacheKey) -> Bool {
        loadedBase[key] != nil || hidesBase(key)
    }

    /// Base keys that must still be loaded from the cache to answer a read of `keys`.
    func baseKeysToLoad(_ keys: Set<CacheKey>) -> Set<CacheKey> {
        keys.filter { !hidesBase($0) && loadedBase[$0] == nil }
    }

    /// The keys of base records loaded so far (present ones) that `pattern` matches.
    func loadedBaseKeys(matching pattern: KeyPattern) -> Set<CacheKey> {
        Set(loadedBase.compactMap { key, record in record != nil && pattern.matches(key) ? key : nil })
    }

    /// Remembers base records loaded for `keys` (absent ones as absent).
    mutating func rememberBase(_ records: [CacheKey: Record], for keys: Set<CacheKey>) {
        loadedBase.reserveCapacity(loadedBase.count + keys.count)
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

    /// Records a merge of `incoming` over the effective record `current`, and adds the fields
    /// that changed to `changed` (grouped by record: a new record's fields are not even listed);
    /// call `noteChanged` with them once the merge's records are all in. A merge's records are
    /// distinct, so each is added once.
    mutating func merge(_ incoming: Record, over current: Record?, into changed: inout FieldChanges) {
        if var record = current {
            let fields = record.merge(incoming)
            guard !fields.isEmpty else { return }
            var patch = patches[incoming.key] ?? Record(key: incoming.key)
            for field in fields { patch.fields[field] = incoming.fields[field] }
            patches[incoming.key] = patch
            changed.appendNew(record: incoming.key, fields: fields)
        } else {
            patches[incoming.key] = incoming
            changed.appendNew(record: incoming.key, allFieldsOf: incoming.fields)
        }
    }

    /// Adds a merge's changed field keys to the transaction's change. The first merge of a
    /// transaction (most transactions make one) is kept as it is, grouped: its set of field keys
    /// is made only if someone asks for it (`CacheChangeFieldKeys`), where hashing 500,000 of
    /// them was a quarter of restoring 100,000 records.
    mutating func noteChanged(_ changes: FieldChanges) {
        if change.changedFieldKeys.isEmpty {
            change.setChanged(changes)
        } else if !changes.isEmpty {
            change.changedFields.formUnion(changes)
        }
    }

    /// Records the removal of `key`, whose effective record was `current`.
    /// Each removed record's field keys go straight into the change, with no set of them on the
    /// way: the explorer removes 100,000 records one by one in a transaction.
    mutating func remove(_ key: CacheKey, current: Record?) {
        let existed = existedBefore(key, inBase: baseIsVisible(key))
        if !patches.isEmpty { patches[key] = nil }
        hiddenKeys.insert(key)
        guard let current else { return }
        if !change.changedFieldKeys.isEmpty { forgetChanges(of: [key]) }
        noteRemoved(key, fields: current.fields.keys.lazy.map { FieldKey(record: key, field: $0) }, existedBefore: existed)
    }

    /// Records the removal of `fields` from `current` (the effective record): the record is
    /// written again without them at commit, and the change reports them as removed fields.
    mutating func removeFields(_ fields: Set<String>, of current: Record) {
        let existed = existedBefore(current.key, inBase: baseIsVisible(current.key))
        var kept = current
        for field in fields { kept.fields[field] = nil }
        hiddenKeys.insert(current.key)
        patches[current.key] = kept
        guard existed else { return }
        let removed = fields.map { FieldKey(record: current.key, field: $0) }
        change.removedFields.formUnion(removed)
        change.changedFields.subtract(removed)
    }

    /// Records the removal of a stored row that cannot be read as a record (a broken row).
    mutating func removeBroken(_ key: CacheKey) {
        patches[key] = nil
        hiddenKeys.insert(key)
        forgetChanges(of: [key])
        change.removedRecords.insert(key)
    }

    /// Records the removal of every record whose key matches `pattern`. `baseKeys` are the keys
    /// of the cache's records that match (not loaded: a pattern may match millions); returns
    /// the keys of the records that were there.
    mutating func remove(matching pattern: KeyPattern, baseKeys: Set<CacheKey>) -> Set<CacheKey> {
        let removed = noteRemovals(baseKeys: baseKeys, patchMatches: pattern.matches)
        patches = patches.filter { !pattern.matches($0.key) }
        hiddenPatterns.append(pattern)
        return removed
    }

    /// Records the removal of every record whose key matches `pattern` without listing them,
    /// for a transaction with no other write (`isUntouched`): the commit reports the keys the
    /// cache's deletion deleted (`committedChange`), as it must anyway, so listing them first
    /// (100,000 keys read, sorted and hashed) would only be done twice.
    mutating func removeUnlisted(matching pattern: KeyPattern) {
        precondition(isUntouched, "an unlisted removal must be the transaction's only write")
        hiddenPatterns.append(pattern)
    }

    /// Records the removal of the records of `keys`, each known by the caller to have a stored
    /// row, for a transaction with no other write (`isUntouched`): the set is taken as it is,
    /// for the hidden keys and the removed records alike, with no record loaded and no field
    /// key listed (as a removal by pattern reports them). The explorer's delete of 100,000
    /// records reads their rows as bytes for its undo; loading them as records again to remove
    /// them one by one, each with its field keys, was half of the delete's own time.
    mutating func removeStoredRows(_ keys: Set<CacheKey>) {
        precondition(isUntouched, "a removal of stored rows must be the transaction's only write")
        hiddenKeys = keys
        change.removedRecords = keys
    }

    /// Records a merge of `records` to be made as it is at commit, for a transaction with no
    /// other write (`isUntouched`): the cache's merge compares each record with what it holds
    /// and reports what changed, so loading the records first (100,000 absent keys asked of the
    /// file) and laying them over the transaction would only be done twice.
    mutating func mergeUnstaged(_ records: RecordSet) {
        precondition(isUntouched, "an unstaged merge must be the transaction's only write")
        unstagedMerge = records
    }

    /// Records `clear()`; `baseKeys` are every key of the cache. Returns the removed keys.
    mutating func clear(baseKeys: Set<CacheKey>) -> Set<CacheKey> {
        let removed = noteRemovals(baseKeys: baseKeys, patchMatches: { _ in true })
        patches = [:]
        hiddenKeys = []
        hiddenPatterns = []
        cleared = true
        return removed
    }

    /// Reports the removal of the visible records among `baseKeys` and of the patched records
    /// that `patchMatches`, with the fields known for them; returns their keys.
    private mutating func noteRemovals(baseKeys: Set<CacheKey>, patchMatches: (CacheKey) -> Bool) -> Set<CacheKey> {
        if isUntouched {
            // The first write of the transaction (`removeRecords(matching:)` alone, as a delete by
            // pattern is): every listed key is removed, none with fields known. Taking the set
            // as it is spares hashing each of 100,000 keys three times.
            change.removedRecords = baseKeys
            return baseKeys
        }
        let visibleBase = baseKeys.filter { !hidesBase($0) }
        let doomed = visibleBase.union(patches.keys.filter(patchMatches))
        let notes = doomed.map { key in
            (key, effectiveRecord(key)?.fieldKeys ?? [], existedBefore(key, inBase: visibleBase.contains(key)))
        }
        forgetChanges(of: doomed)
        for (key, fields, existed) in notes { noteRemoved(key, fields: fields, existedBefore: existed) }
        return doomed
    }

    /// Whether nothing was loaded, written or removed yet.
    var isUntouched: Bool {
        !cleared && hiddenKeys.isEmpty && hiddenPatterns.isEmpty && patches.isEmpty && loadedBase.isEmpty && change.isEmpty
            && unstagedMerge == nil
    }

    /// Whether a loaded base record is visible for `key`.
    private func baseIsVisible(_ key: CacheKey) -> Bool {
        !hidesBase(key) && (loadedBase[key] ?? nil) != nil
    }

    /// Whether `key` had a record when the transaction began: a visible base record, or one
    /// this transaction already removed (and may have written again since).
    private func existedBefore(_ key: CacheKey, inBase: Bool) -> Bool {
        change.removedRecords.contains(key) || inBase
    }

    /// Fields the transaction wrote to removed records no longer count as changed.
    private mutating func forgetChanges(of keys: Set<CacheKey>) {
        guard !keys.isEmpty, !change.changedFieldKeys.isEmpty else { return }
        change.changedFields = change.changedFields.filter { !keys.contains($0.record) }
    }

    /// Reports a removal; a record that only this transaction had created leaves no trace.
    private mutating func noteRemoved<Fields: Sequence<FieldKey>>(_ key: CacheKey, fields: Fields, existedBefore: Bool) {
        guard existedBefore else { return }
        change.removedRecords.insert(key)
        change.removedFields.formUnion(fields)
    }

    /// Whether applying the writes is one call on the cache, itself atomic (one removal, or one
    /// merge of every patch): such a commit needs no transaction around it. A `clear` is left
    /// out: inside a transaction it skips the cache's vacuum, and a commit keeps that behaviour.
    var appliesInOneCall: Bool {
        let calls = hiddenPatterns.count + hiddenKeys.count + (patches.isEmpty ? 0 : patches.count > Self.mergeChunk ? 2 : 1)
        return !cleared && calls + (unstagedMerge == nil ? 0 : 1) <= 1
    }

    /// Records merged per call at commit: a cache holds its connection for one call, and a
    /// key pressed in the explorer meanwhile waits for it (100,000 restored records were one
    /// merge of most of a second; 4,096 records held it for 34–110 ms).
    static let mergeChunk = 1_024

    /// What applying the writes did, as the cache reported it: the keys the removals by
    /// pattern deleted, and the changes of an unstaged merge.
    struct Applied {
        var deleted: Set<CacheKey> = []
        var merged = FieldChanges()
    }

    /// Applies the writes to `cache`: removals first, then the merged patches (or the unstaged
    /// merge).
    func apply(to cache: NormalizedCache) throws -> Applied {
        if cleared { try cache.clear() }
        var applied = Applied()
        for pattern in hiddenPatterns {
            let removed = try cache.removeRecords(matching: pattern.pattern)
            if applied.deleted.isEmpty { applied.deleted = removed } else { applied.deleted.formUnion(removed) }
        }
        if hiddenKeys.count > 1, let batch = cache as? any KeyBatchRemoving {
            try batch.removeRecords(forKeys: Array(hiddenKeys))
        } else {
            for key in hiddenKeys { try cache.removeRecord(for: key) }
        }
        try mergePatches(into: cache)
        if let unstagedMerge {
            guard let comparing = cache as? any ComparingMerge else {
                preconditionFailure("an unstaged merge needs a cache that compares (ReadWriteTransaction.mergeReportedAtCommit)")
            }
            // One call, not chunks: the cache's merge of 100,000 records in one call took
            // 1.2x of a raw `INSERT` of their rows, in chunks of 1,024 1.7–1.9x. (The explorer's
            // own big writes, which a key press must be able to pass, go in chunks of their own.)
            applied.merged = try comparing.mergeComparing(records: unstagedMerge)
        }
        return applied
    }

    /// Merges the patches, `mergeChunk` records per call (inside the commit's
    /// `performAtomically` when there is more than one call: `appliesInOneCall`).
    private func mergePatches(into cache: NormalizedCache) throws {
        guard !patches.isEmpty else { return }
        guard patches.count > Self.mergeChunk else {
            try cache.merge(records: RecordSet(distinctRecords: patches))
            return
        }
        let records = Array(patches.values)
        for start in stride(from: 0, to: records.count, by: Self.mergeChunk) {
            try cache.merge(records: RecordSet(distinctRecords: records[start..<min(start + Self.mergeChunk, records.count)]))
        }
    }

    /// The change as committed: a removal by pattern reports every key its deletion deleted.
    /// The keys listed when the transaction removed them can be fewer: another process may
    /// have written a matching record since (70-228 of 2,000 went unreported while one merged),
    /// and subscribers and watchers must hear of those too. A key written again after the
    /// removal stays a change.
    func committedChange(_ applied: Applied) -> CacheChange {
        let deleted = applied.deleted
        var committed = change
        if unstagedMerge != nil { committed.setChanged(applied.merged) }
        if committed.removedRecords.isEmpty, patches.isEmpty {
            // Nothing else was removed or written again: the deleted keys are the removal,
            // taken as they are rather than hashed into an empty set one by one.
            committed.removedRecords = deleted
            return committed
        }
        for key in deleted where patches[key] == nil { committed.removedRecords.insert(key) }
        return committed
    }
}
