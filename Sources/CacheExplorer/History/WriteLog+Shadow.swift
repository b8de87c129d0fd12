import Foundation
import GraphQLCache

extension WriteLog.Shadow {
    /// Logs the change of `keys` from their rows `before` to `after` (a key missing: no row) as
    /// one entry named `origin`, following the digest row by row (once it is counted) and
    /// keeping the after-images within the budget. `before` says nil for a key whose row before
    /// is not known: it is logged as `RecordDelta.unseenBefore`, and the digest takes the row's
    /// share out as `shares` kept it, or else is the one `counted` after the change.
    /// `decodedBefore` and `decodedAfter` hold the fields of images known already (`expect`).
    /// Returns true when the entry was deferred (`DeferredEntry`): its deltas are to be made.
    @discardableResult
    mutating func log(_ keys: Set<CacheKey>, before: (CacheKey) -> [UInt8]??,
                      decodedBefore: [CacheKey: [String: CacheValue]] = [:], after: [CacheKey: [UInt8]],
                      decodedAfter: [CacheKey: [String: CacheValue]] = [:], origin: String, counted: WriteLog.Counted? = nil) -> Bool {
        // The rows as they were (nil outside: not known) and are; unchanged ones left out.
        let images = keys.compactMap { key -> RowImages? in
            let old = before(key), new = after[key]
            if let old, old == new { return nil }
            return RowImages(key: key, old: old, new: new, oldFields: decodedBefore.isEmpty ? nil : decodedBefore[key],
                             newFields: decodedAfter.isEmpty ? nil : decodedAfter[key])
        }
        return log(images, origin: origin, counted: counted)
    }

    /// `log(_:before:…)` of the changed rows' `images` themselves (each changed; in any order),
    /// as a writer that handed the rows over describes them (`CommittedRows`).
    @discardableResult
    mutating func log(_ images: [RowImages], origin: String, counted: WriteLog.Counted? = nil) -> Bool {
        let start = digest
        known.reserveCapacity(known.count + images.count)
        for image in images {
            follow(image.key, from: image.old ?? nil, to: image.new)
            remember(image.key, image.new)
        }
        if let counted, digest != nil { (digest, shares) = (counted.digest, counted.shares) }
        if journal == nil, DeferredEntry.defers(images) {
            nextDeferredID += 1
            entries.append(.deferred(DeferredEntry(id: nextDeferredID, sequence: entries.count + 1, time: Date(), origin: origin,
                                                   images: images, digestBefore: start, digestAfter: digest)))
            return true
        }
        let ordered = KeyOrder.sortedIndices(images.map(\.key)).map { images[$0] }
        append(origin: origin, records: RowImages.deltas(of: ordered), before: start)
        return false
    }

    /// The first entry still deferred, if any.
    var firstDeferred: DeferredEntry? {
        for held in entries { if case .deferred(let deferred) = held { return deferred } }
        return nil
    }

    /// Puts `entry` in the place of the deferred entry `id`, if it still waits.
    mutating func replaceDeferred(_ id: Int, with entry: JournalEntry) {
        guard let index = entries.firstIndex(where: { if case .deferred(let held) = $0 { held.id == id } else { false } }) else { return }
        entries[index] = .made(entry)
    }

    /// The entries at `range` (clamped), made now where they were deferred (and kept made).
    mutating func madeEntries(_ range: Range<Int>) -> [JournalEntry] {
        let clamped = range.clamped(to: 0..<entries.count)
        return clamped.map { index in
            let entry = entries[index].entry
            if case .deferred = entries[index] { entries[index] = .made(entry) }
            return entry
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
        // One lookup for the usual case (the row fits), where a test and a store were two.
        if let old = known.updateValue(row, forKey: key) { knownBytes -= old?.count ?? 0 }
        guard knownBytes + (row?.count ?? 0) <= WriteLog.knownBudget else { known[key] = nil; return }
        knownBytes += row?.count ?? 0
    }

    /// Adds an entry from `before` to the current digest, to the journal when one is attached.
    mutating func append(origin: String, records: [RecordDelta], before: CacheDigest?, time: Date = Date()) {
        guard !records.isEmpty else { return }
        if let journal, let digest {
            do { try journal.append(origin: origin, records: records, digest: digest, time: time) } catch {
                failure = "the journal cannot be written: \(error)"
            }
            return
        }
        entries.append(.made(JournalEntry(sequence: entries.count + 1, time: time, origin: origin, records: records,
                                          digestBefore: before, digestAfter: digest)))
    }
}
