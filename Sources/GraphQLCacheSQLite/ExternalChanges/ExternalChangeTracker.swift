import Foundation
import GraphQLCache

/// What this connection has seen of the file, so that a commit by another process (the app
/// writing the cache the explorer shows) can be turned into a change like any other: which of
/// the records read so far it changed or removed, and which rows it added.
///
/// Cost stays bounded on a million-row file: only rows read through `loadRecords` (what
/// watchers and the screen depend on) are remembered, at most `keyLimit` of them, with their
/// record bytes while those fit in `byteBudget` (so that a change names the fields that
/// changed) and a hash beyond it (the change then names every field of the record). Rows
/// another process adds are found by rowid: Apollo's table is `AUTOINCREMENT`, so a new row
/// always gets a rowid above every earlier one.
struct ExternalChangeTracker {
    /// One remembered row.
    struct Seen {
        /// The record JSON as read, while the budget allows.
        var bytes: [UInt8]?
        /// Hash and length of the bytes, compared when `bytes` was not kept.
        var hash: Int
        var length: Int

        init(_ buffer: UnsafeBufferPointer<UInt8>, keep: Bool) {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(buffer))
            hash = hasher.finalize()
            length = buffer.count
            bytes = keep ? Array(buffer) : nil
        }

        /// Whether `buffer` holds the bytes seen: compared with `memcmp` (a generic
        /// element-by-element compare was a quarter of looking at 100,000 followed rows).
        func matches(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            guard buffer.count == length else { return false }
            guard let bytes else { return Seen(buffer, keep: false).hash == hash }
            guard let other = buffer.baseAddress, length > 0 else { return true }
            return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, other, length) == 0 }
        }
    }

    /// Most rows remembered; rows read beyond it are not followed.
    static let keyLimit = 500_000
    /// Most record bytes kept for field-level diffs.
    static let byteBudget = 64 << 20

    private(set) var rows: [CacheKey: Seen] = [:]
    private(set) var keptBytes = 0
    /// The highest rowid seen: rows above it are new.
    var maxRowID: Int64
    /// `data_version` when the file was last compared.
    var dataVersion: Int64
    /// Keys this connection wrote in the open transaction (forgotten if it rolls back).
    var writtenInTransaction: Set<CacheKey> = []

    init(maxRowID: Int64, dataVersion: Int64) {
        self.maxRowID = maxRowID
        self.dataVersion = dataVersion
    }

    /// Whether `key` is followed.
    func follows(_ key: CacheKey) -> Bool { rows[key] != nil }

    /// Remembers `key` as holding `bytes` (a read, or this connection's own write).
    mutating func saw(_ key: CacheKey, _ bytes: UnsafeBufferPointer<UInt8>) {
        if let old = rows[key] {
            if old.matches(bytes) { return }
            keptBytes -= old.bytes?.count ?? 0
        } else if rows.count >= Self.keyLimit {
            return
        }
        let seen = Seen(bytes, keep: keptBytes + bytes.count <= Self.byteBudget)
        keptBytes += seen.bytes?.count ?? 0
        rows[key] = seen
    }

    /// What one look at the file found, applied to the tracker once the look succeeded.
    struct Sightings {
        /// Rows now holding new bytes (changed or added), in the order found.
        var rows: [(key: CacheKey, bytes: [UInt8])] = []
        /// Followed rows that are gone.
        var gone: [CacheKey] = []
        /// The highest rowid seen.
        var maxRowID: Int64

        /// Returns the bytes kept, for the look's change to share.
        @discardableResult
        mutating func saw(_ key: CacheKey, _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            let kept = Array(bytes)
            rows.append((key, kept))
            return kept
        }
    }

    /// Remembers what a look found.
    mutating func apply(_ sightings: Sightings) {
        forget(sightings.gone)
        for (key, bytes) in sightings.rows { bytes.withUnsafeBufferPointer { saw(key, $0) } }
        maxRowID = sightings.maxRowID
    }

    /// Remembers `key` as read by a caller of the cache, only when it is not followed yet: a
    /// followed row's bytes change only when the poll compares them or this connection writes
    /// it. A read between another process's commit and the poll (the screen drawing while the
    /// poll runs on another thread) would otherwise take the new bytes as known, and the poll
    /// would find nothing to tell the watches that read the old ones.
    mutating func sawRead(_ key: CacheKey, _ bytes: UnsafeBufferPointer<UInt8>) {
        // Two lookups of the key, not three (`follows`, then `saw`'s): a watch's first read
        // passes 100,000 rows through here.
        guard rows.count < Self.keyLimit, rows.index(forKey: key) == nil else { return }
        let seen = Seen(bytes, keep: keptBytes + bytes.count <= Self.byteBudget)
        keptBytes += seen.bytes?.count ?? 0
        rows[key] = seen
    }

    /// Stops following `keys` (removed by this connection, or rolled back).
    mutating func forget<S: Sequence>(_ keys: S) where S.Element == CacheKey {
        forgetEach(keys)
    }

    private mutating func forgetEach<S: Sequence>(_ keys: S) where S.Element == CacheKey {
        for key in keys {
            keptBytes -= rows.removeValue(forKey: key)?.bytes?.count ?? 0
        }
    }

    /// Stops following `keys`; when they are half the rows followed or more (a delete of
    /// 100,000 items a watch had read), by keeping the other rows instead: one lookup of each
    /// row in `keys`, read in the table's order, costs a third of removing each key from
    /// the table (a hash, a probe and a shift of its neighbours, at random places).
    mutating func forget(_ keys: Set<CacheKey>) {
        guard keys.count >= Self.keptRebuildMinimum, keys.count * 2 >= rows.count else {
            return forgetEach(keys)
        }
        var kept = [CacheKey: Seen](minimumCapacity: max(0, rows.count - keys.count))
        var bytes = 0
        // By index, so that only the rows kept are copied out (each copy retains its bytes).
        for index in rows.indices where !keys.contains(rows.keys[index]) {
            let (key, seen) = rows[index]
            kept[key] = seen
            bytes += seen.bytes?.count ?? 0
        }
        // The rows forgotten hold the bytes of each: 100,000 arrays, freed elsewhere. Swapped
        // out and consumed, so that the queue's reference is the last one.
        var forgotten = kept
        swap(&forgotten, &rows)
        ReleasedInBackground.drop(consume forgotten)
        keptBytes = bytes
    }

    /// Below this many keys, removing each costs less than keeping the rest.
    static let keptRebuildMinimum = 1_024

    /// Stops following every row (this connection cleared the table).
    /// Stops following the keys `pattern` matches (a removal by pattern deleted them all).
    mutating func forget(matching pattern: KeyPattern) {
        guard rows.keys.contains(where: pattern.matches) else { return }
        forget(Set(rows.keys.filter(pattern.matches)))
    }

    mutating func forgetAll() {
        rows = [:]
        keptBytes = 0
    }
}

/// What one look found another process's commits did, as bytes: gathered while the look holds
/// the connection, turned into field keys (`change()`) after it lets go.
///
/// Why two steps: decoding is most of a look after an app rewrote many rows (100,000 rows
/// decoded twice each), and while the look holds the connection the screen's reads give up on
/// it; copying the bytes is a small part of that.
struct ExternalRowChanges {
    /// Rows that hold other bytes now, or are new, with what they held when it is known.
    private(set) var changed: [(key: CacheKey, before: [UInt8]?, after: [UInt8])] = []
    /// Followed rows that are gone, with what they held when it is known.
    private(set) var removed: [(key: CacheKey, before: [UInt8]?)] = []
    /// Rows nobody read that are gone (found by comparing the key listing with the file).
    private(set) var removedUnread: [CacheKey] = []
    /// Keys whose rows are gone from the file, followed or not.
    private(set) var removedKeys: Set<CacheKey> = []
    /// What changed, removed or added rows held before, where it is known: the bytes the
    /// tracker kept, or nil for a key that had no row (`hadNoRow`). A key left out is unknown.
    private(set) var before: [CacheKey: [UInt8]?] = [:]

    /// A followed row now holds `bytes` where it held `seen`, or a new row (`seen` nil) holds them.
    mutating func changed(_ key: CacheKey, from seen: ExternalChangeTracker.Seen?, to bytes: [UInt8]) {
        if let image = seen?.bytes { before[key] = image }
        changed.append((key, seen?.bytes, bytes))
    }

    /// A followed row is gone.
    mutating func removed(_ key: CacheKey, seen: ExternalChangeTracker.Seen) {
        if let image = seen.bytes { before[key] = image }
        removed.append((key, seen.bytes))
        removedKeys.insert(key)
    }

    /// A row nobody read is gone.
    mutating func removedUnread(_ key: CacheKey) {
        removedUnread.append(key)
        removedKeys.insert(key)
    }

    /// New rows whose keys the key listing, current until the commits, did not hold: they
    /// had no row before (a key it held was replaced, and what it held is not known).
    mutating func hadNoRow<S: Sequence>(_ keys: S) where S.Element == CacheKey {
        for key in keys { before[key] = .some(nil) }
    }

    /// The change and how many records it touched, each row's records decoded: call it after
    /// the connection is let go.
    func change() -> (change: CacheChange, recordCount: Int) {
        var collector = ExternalChangeCollector()
        for row in changed { row.after.withUnsafeBufferPointer { collector.changed(row.key, from: row.before, to: $0) } }
        for row in removed { collector.removed(row.key, before: row.before) }
        for key in removedUnread { collector.removedUnread(key) }
        return (collector.change, collector.recordCount)
    }
}

/// What another process's commits did to the rows a tracker follows, turned into field keys.
struct ExternalChangeCollector {
    private(set) var change = CacheChange(origin: .external)
    /// Records changed, added or removed.
    private(set) var recordCount = 0

    /// A row now holds `bytes`, where it held `old` (nil: unknown, or no row).
    mutating func changed(_ key: CacheKey, from oldBytes: [UInt8]?, to bytes: UnsafeBufferPointer<UInt8>) {
        let counts = (change.changedFields.count, change.removedRecords.count)
        defer {
            if (change.changedFields.count, change.removedRecords.count) != counts { recordCount += 1 }
        }
        let old = oldBytes.flatMap { try? RecordJSON.decode($0, key: key) }
        guard let new = try? RecordJSON.decode(buffer: bytes, key: key) else {
            // Now broken: whatever was read of it no longer reads as it did.
            if let old { change.changedFields.formUnion(old.keys.map { FieldKey(record: key, field: $0) }) }
            else { change.removedRecords.insert(key) }
            return
        }
        guard let old else {
            change.changedFields.formUnion(new.keys.map { FieldKey(record: key, field: $0) })
            return
        }
        for (field, value) in new where old[field] != value {
            change.changedFields.insert(FieldKey(record: key, field: field))
        }
        for field in old.keys where new[field] == nil {
            change.changedFields.insert(FieldKey(record: key, field: field))
        }
    }

    /// A row nobody read is gone.
    mutating func removedUnread(_ key: CacheKey) {
        recordCount += 1
        change.removedRecords.insert(key)
    }

    /// A followed row is gone; `before`, when known, names the fields it took with it.
    mutating func removed(_ key: CacheKey, before bytes: [UInt8]?) {
        recordCount += 1
        change.removedRecords.insert(key)
        if let bytes, let old = try? RecordJSON.decode(bytes, key: key) {
            change.removedFields.formUnion(old.keys.map { FieldKey(record: key, field: $0) })
        }
    }
}
