import Foundation
import GraphQLCache

extension WriteLog.Shadow {
    /// Logs the change of `keys` from their rows `before` to `after` (a key missing: no row) as
    /// one entry named `origin`, following the digest row by row (once it is counted) and
    /// keeping the after-images within the budget. `before` says nil for a key whose row before
    /// is not known: it is logged as `RecordDelta.unseenBefore`, and the digest takes the row's
    /// share out as `shares` kept it, or else is the one `counted` after the change.
    ///
    /// With `deferringWholeRecords` (this process's own commits, no journal attached), a record
    /// that was added or removed whole is not decoded now: its row is kept and written out as a
    /// delta by the log's builder in the background, or when the entry is read first
    /// (`buildEntries`). A delete or undo of 100,000 records spent a quarter of its time in the
    /// log decoding and sorting them inside its commits.
    mutating func log(_ keys: Set<CacheKey>, before: (CacheKey) -> [UInt8]??, after: [CacheKey: [UInt8]], origin: String,
                      counted: WriteLog.Counted? = nil, deferringWholeRecords: Bool = false) {
        let start = digest
        let deferring = deferringWholeRecords && journal == nil
        var deltas: [RecordDelta] = []
        var whole = UnbuiltRecords()
        for key in deferring ? Array(keys) : keys.sorted(by: KeyOrder.precedes) {
            let new = after[key]
            guard let old = before(key) else {
                follow(key, from: nil, to: new)
                remember(key, new)
                deltas.append(.unseenBefore(key: key, after: new.flatMap(WriteLog.fields)))
                continue
            }
            guard old != new else { continue }
            follow(key, from: old, to: new)
            remember(key, new)
            if deferring, (old == nil) != (new == nil) {
                whole.rows.append((key, old, new))
            } else if let delta = Self.delta(key, from: old, to: new) {
                deltas.append(delta)
            }
        }
        if let counted, digest != nil { (digest, shares) = (counted.digest, counted.shares) }
        guard !whole.rows.isEmpty else {
            if deferring { deltas.sort { KeyOrder.precedes($0.key, $1.key) } }
            return append(origin: origin, records: deltas, before: start)
        }
        whole.built = deltas
        whole.id = nextUnbuilt
        nextUnbuilt += 1
        unbuilt[entries.count] = whole
        append(origin: origin, records: [], before: start, evenIfEmpty: true)
    }

    /// The delta of `key` from row `old` to `new` (nil: no row): nil when their fields are the
    /// same, or when neither can be read but a row was added.
    static func delta(_ key: CacheKey, from old: [UInt8]?, to new: [UInt8]?) -> RecordDelta? {
        if let delta = RecordDelta.between(key: key, before: old.flatMap(WriteLog.fields), after: new.flatMap(WriteLog.fields)) {
            return delta
        }
        return old != nil && new == nil ? RecordDelta(key: key, kind: .removed, typename: nil, fields: []) : nil
    }

    /// Writes out the records of the entries at `range` that `log` left unbuilt.
    mutating func buildEntries(in range: Range<Int>) {
        guard !unbuilt.isEmpty else { return }
        for index in range {
            guard let whole = unbuilt.removeValue(forKey: index) else { continue }
            entries[index].records = whole.records
        }
    }

    /// Follows the digest from `key`'s row `old` to `new`: with the rows' shares kept, the share
    /// the digest holds is taken out (exact even when `old` is not known or out of date);
    /// without them, `old`'s.
    mutating func follow(_ key: CacheKey, from old: [UInt8]?, to new: [UInt8]?) {
        guard digest != nil else { return }
        if shares != nil {
            if let share = shares?.remove(key) { digest?.remove(rowHash: share) }
        } else if let old {
            digest?.remove(key: key, json: old)
        }
        guard let new else { return }
        let share = CacheDigest.rowHash(key: key, json: new)
        digest?.add(rowHash: share)
        if shares?.set(share, for: key) == false { shares = nil }
    }

    /// What `keys` held before another process's commit, where it is known: as the log last
    /// knew them, else as the cache's change tracker kept them (`seen`); nil for a key that had
    /// no row. Keys whose before nobody saw are left out. With the rows' shares kept, they say
    /// which keys had a row, and a known row that is not the one the digest holds (an older
    /// image) is left out too.
    func priors(_ keys: Set<CacheKey>, seen: [CacheKey: [UInt8]?]) -> [CacheKey: [UInt8]?] {
        var priors: [CacheKey: [UInt8]?] = [:]
        for key in keys {
            let prior = known[key] ?? seen[key]
            guard let shares else {
                if let prior { priors[key] = prior }
                continue
            }
            let share = shares.share(of: key)
            switch prior {
            case .some(.some(let bytes)) where share == CacheDigest.rowHash(key: key, json: bytes): priors[key] = bytes
            case .some(.none) where share == nil, .none where share == nil: priors[key] = .some(nil)
            default: break
            }
        }
        return priors
    }

    /// Keeps `row` as what `key` holds, while the budget allows (replacing an older image).
    mutating func remember(_ key: CacheKey, _ row: [UInt8]?) {
        if let old = known[key] { knownBytes -= old?.count ?? 0 }
        guard knownBytes + (row?.count ?? 0) <= WriteLog.knownBudget else { known[key] = nil; return }
        known[key] = .some(row)
        knownBytes += row?.count ?? 0
    }

    /// Adds an entry from `before` to the current digest, to the journal when one is attached.
    mutating func append(origin: String, records: [RecordDelta], before: CacheDigest?, time: Date = Date(),
                         evenIfEmpty: Bool = false) {
        guard !records.isEmpty || evenIfEmpty else { return }
        if let journal, let digest {
            do { try journal.append(origin: origin, records: records, digest: digest, time: time) } catch {
                failure = "the journal cannot be written: \(error)"
            }
            return
        }
        entries.append(JournalEntry(sequence: entries.count + 1, time: time, origin: origin, records: records,
                                    digestBefore: before, digestAfter: digest))
    }
}

/// The records of a log entry kept as rows until they are written out (in the background, or
/// when the entry is read): those added or removed whole, beside the deltas already built.
struct UnbuiltRecords {
    /// Which deferral this is (`Shadow.nextUnbuilt`).
    var id: UInt64 = 0
    var rows: [(key: CacheKey, old: [UInt8]?, new: [UInt8]?)] = []
    var built: [RecordDelta] = []

    /// Every delta, in key order.
    var records: [RecordDelta] {
        (built + rows.compactMap { WriteLog.Shadow.delta($0.key, from: $0.old, to: $0.new) })
            .sorted { KeyOrder.precedes($0.key, $1.key) }
    }
}
