/// What one committed transaction changed, as subscribers and watchers receive it.
///
/// Reported once per transaction (never per write inside it), so a watcher re-reads once however
/// many records the transaction touched.
public struct CacheChange: Sendable, Hashable, CustomStringConvertible {
    /// Fields whose value was added or changed by merges.
    public var changedFields: Set<FieldKey> {
        get { changedFieldKeys.set }
        set { changedFieldKeys.set = newValue }
        _modify { yield &changedFieldKeys.set }
    }
    /// Records that existed and were removed (by key, by pattern or by `clear`).
    public var removedRecords: Set<CacheKey> {
        get { removedRecordKeys.set }
        set { removedRecordKeys.set = newValue }
        _modify { yield &removedRecordKeys.set }
    }
    /// The field keys the removed records held, where the transaction knew them (records it
    /// loaded or wrote before removing them). Unlike Apollo, removals notify: a watcher that
    /// read a removed record must learn that it is gone (apollo-ios #3493, #3502).
    public var removedFields: Set<FieldKey> {
        get { removedFieldKeys.set }
        set { removedFieldKeys.set = newValue }
        _modify { yield &removedFieldKeys.set }
    }
    /// Who made the change, when the writer said so; a watcher ignores changes its own fetch made.
    public var origin: ChangeOrigin?

    /// `changedFields` as held: the store's readers walk these instead of asking for the set,
    /// which a merge's change makes only when asked (`CacheChangeFieldKeys`).
    package private(set) var changedFieldKeys: CacheChangeFieldKeys
    /// `removedFields` as held.
    package private(set) var removedFieldKeys: CacheChangeFieldKeys
    /// `removedRecords` as held: the store's readers walk these instead of asking for the set,
    /// which a removal of rows by pattern makes only when asked (`CacheChangeRecordKeys`).
    package private(set) var removedRecordKeys: CacheChangeRecordKeys

    /// A change made of its parts (tests and custom stores build them; the store reports its own).
    public init(
        changedFields: Set<FieldKey> = [], removedRecords: Set<CacheKey> = [],
        removedFields: Set<FieldKey> = [], origin: ChangeOrigin? = nil
    ) {
        self.changedFieldKeys = CacheChangeFieldKeys(changedFields)
        self.removedRecordKeys = CacheChangeRecordKeys(removedRecords)
        self.removedFieldKeys = CacheChangeFieldKeys(removedFields)
        self.origin = origin
    }

    /// A change removing `keys`, which the caller knows to be distinct, kept as they are.
    package init(removedDistinct keys: [CacheKey], origin: ChangeOrigin? = nil) {
        self.changedFieldKeys = CacheChangeFieldKeys()
        self.removedRecordKeys = CacheChangeRecordKeys(distinct: keys)
        self.removedFieldKeys = CacheChangeFieldKeys()
        self.origin = origin
    }

    /// A change whose changed field keys are a merge's grouped report, kept grouped.
    package init(changed: FieldChanges, origin: ChangeOrigin? = nil) {
        self.changedFieldKeys = CacheChangeFieldKeys(grouped: changed)
        self.removedRecordKeys = CacheChangeRecordKeys()
        self.removedFieldKeys = CacheChangeFieldKeys()
        self.origin = origin
    }

    /// Replaces the changed field keys with a merge's grouped report, kept grouped.
    package mutating func setChanged(_ changed: FieldChanges) {
        changedFieldKeys = CacheChangeFieldKeys(grouped: changed)
    }

    /// Whether nothing changed: such a change is never delivered.
    public var isEmpty: Bool { changedFieldKeys.isEmpty && removedRecordKeys.isEmpty && removedFieldKeys.isEmpty }

    /// Changed fields and the fields of removed records together: every field key that no
    /// longer reads as it did.
    public var affectedFields: Set<FieldKey> {
        removedFieldKeys.isEmpty ? changedFields : changedFields.union(removedFieldKeys)
    }

    /// The records touched in any way: changed or removed.
    public var affectedRecords: Set<CacheKey> {
        guard !changedFieldKeys.isEmpty else { return removedRecords }
        return removedRecords.isEmpty ? changedRecords : changedRecords.union(removedRecords)
    }

    /// The records whose fields changed (not only removed), each once: from a merge's grouped
    /// report without hashing a field key.
    package var changedRecords: Set<CacheKey> { changedFieldKeys.recordKeys }

    public static func == (lhs: CacheChange, rhs: CacheChange) -> Bool {
        lhs.origin == rhs.origin && lhs.removedRecordKeys == rhs.removedRecordKeys
            && lhs.changedFieldKeys == rhs.changedFieldKeys && lhs.removedFieldKeys == rhs.removedFieldKeys
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
        hasher.combine(removedRecords)
        hasher.combine(changedFields)
        hasher.combine(removedFields)
    }

    public var description: String {
        let changed = changedFields.map(\.description).sorted()
        let removed = removedRecords.map(\.rawValue).sorted()
        return "CacheChange(changed: \(changed), removed: \(removed))"
    }
}

/// An opaque identity for the writer of a change, so that a watcher can recognise (and ignore)
/// the cache writes of its own network fetch, as Apollo's `contextIdentifier` does.
public struct ChangeOrigin: Hashable, Sendable {
    private let id: UInt64

    /// Makes a fresh origin; use `CacheStore.makeOrigin()`, which never repeats one.
    init(id: UInt64) { self.id = id }
}

extension ChangeOrigin {
    /// Commits made by another process to the same storage (an app writing the SQLite file the
    /// explorer shows), found by `CacheStore.pollExternalChanges()`. No writer of this store
    /// ever has it, so every watcher reacts to such a change.
    public static let external = ChangeOrigin(id: 0)
}

extension CacheChange {
    /// Whether another process made the change.
    public var isExternal: Bool { origin == .external }
}
