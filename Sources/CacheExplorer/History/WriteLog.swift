import Dispatch
import Foundation
import GraphQLCache
import Synchronization

/// The explorer's write log: every change the explorer sees (an edit, a delete, an undo, a
/// watch's fetch, another process's commit) becomes one `JournalEntry` with each changed
/// field's value before and after.
///
/// The store's change notification names the keys a commit touched but not what they held
/// before, so the log keeps the rows as it last saw them (the "shadow", key → stored JSON)
/// and compares the touched keys' new rows with it. The shadow is read off the explorer's
/// thread when the log starts; a change arriving before it is ready waits for it. Another
/// process's commit may touch rows the store never read, so it is found by reading every row
/// again (`resync`), as `cachelens record` does. With a journal attached (`attachJournal`) the
/// entries go to the file and are paged back from it, so memory stays bounded however long
/// the history is; without one they are kept for the session.
package final class WriteLog: Sendable {
    /// Every row of the cache as it is now, in any order; the stored JSON where the cache keeps
    /// it (SQLite), so that digests match `cachelens record`'s.
    package typealias RowsReader = @Sendable () throws -> [KeyedRow]

    /// Caches with more records than this keep no log: it holds a second copy of every row.
    /// At 200,000 the explorer over a 100,000-item file peaked at 157 MB after a watch, over
    /// its 120 MB budget; without the copy it measured 116 MB.
    package static let recordLimit = 50_000

    struct Shadow {
        var rows: [CacheKey: [UInt8]] = [:]
        var digest = CacheDigest()
        var entries: [JournalEntry] = []
        var journal: AttachedJournal?
        var failure: String?
    }

    let shadow = Mutex(Shadow())
    let readRows: RowsReader
    private let ready = DispatchGroup()

    /// Starts the log over the cache `readRows` reads; the first read runs in the background.
    package init(readRows: @escaping RowsReader) {
        self.readRows = readRows
        ready.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { ready.leave() }
            do {
                let rows = try readRows()
                shadow.withLock { $0.replaceRows(rows) }
            } catch {
                shadow.withLock { $0.failure = "the write log cannot read the cache: \(error)" }
            }
        }
    }

    /// Waits until the first read of the cache is done. The explorer's writes wait for it: a
    /// change committed before the log has read the rows could not say what it replaced.
    package func waitUntilReady() { ready.wait() }

    /// Why the log is not recording, when it is not.
    package var failure: String? {
        waitUntilReady()
        return shadow.withLock { $0.failure }
    }

    /// Notes a committed change named `origin`: the touched records are read again and compared
    /// with what the log held. Another process's change (and any change while a journal is
    /// attached, whose digests must be the file's) reads every row instead.
    package func record(_ change: CacheChange, origin: String, load: (Set<CacheKey>) throws -> [CacheKey: Record]) {
        waitUntilReady()
        if change.isExternal || shadow.withLock({ $0.journal != nil }) {
            resync(origin: origin)
            return
        }
        do {
            let keys = change.affectedRecords
            let now = try load(keys).mapValues { RecordJSON.encode($0.fields) }
            shadow.withLock { held in
                var deltas: [RecordDelta] = []
                let before = held.digest
                for key in keys.sorted(by: KeyOrder.precedes) {
                    let old = held.rows[key], new = now[key]
                    guard old != new else { continue }
                    if let delta = RecordDelta.between(key: key, before: old.flatMap(Self.fields), after: new.flatMap(Self.fields)) {
                        deltas.append(delta)
                    }
                    held.replace(key, old: old, new: new)
                }
                held.append(origin: origin, records: deltas, before: before)
            }
        } catch {
            shadow.withLock { $0.failure = "the write log cannot read the cache: \(error)" }
        }
    }

    /// Reads every row again and logs what differs from the log's last view as one entry
    /// (nothing when nothing does): another process's commit, whichever rows it touched.
    package func resync(origin: String) {
        waitUntilReady()
        do {
            let rows = try readRows()
            shadow.withLock { held in
                var next = Shadow()
                next.replaceRows(rows)
                guard next.digest != held.digest else { return }
                let deltas = Self.changes(from: held.rows, to: next.rows)
                let before = held.digest
                held.rows = next.rows
                held.digest = next.digest
                held.append(origin: origin, records: deltas, before: before)
            }
        } catch {
            shadow.withLock { $0.failure = "the write log cannot read the cache: \(error)" }
        }
    }

    /// The record deltas between two sets of rows, in key order.
    static func changes(from old: [CacheKey: [UInt8]], to new: [CacheKey: [UInt8]]) -> [RecordDelta] {
        let keys = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
        return keys.sorted(by: KeyOrder.precedes).compactMap { key in
            RecordDelta.between(key: key, before: old[key].flatMap(fields), after: new[key].flatMap(fields))
        }
    }

    /// A stored row's fields; nil for a row that cannot be read (left out of the log).
    static func fields(_ json: [UInt8]) -> [String: CacheValue]? {
        try? RecordJSON.decode(json, key: CacheKey("row"))
    }

    /// The cache's digest as the log last read it.
    package var digest: CacheDigest {
        waitUntilReady()
        return shadow.withLock { $0.digest }
    }

    /// The fields of every record as the log last saw them (the base of "show as of here").
    package func currentRecords() -> [CacheKey: [String: CacheValue]] {
        waitUntilReady()
        return shadow.withLock { held in held.rows.compactMapValues(Self.fields) }
    }
}

extension WriteLog.Shadow {
    mutating func replaceRows(_ list: [KeyedRow]) {
        rows = [:]
        digest = CacheDigest()
        for row in list {
            let json = row.jsonBytes
            rows[row.key] = json
            digest.add(key: row.key, json: json)
        }
    }

    mutating func replace(_ key: CacheKey, old: [UInt8]?, new: [UInt8]?) {
        if let old { digest.remove(key: key, json: old) }
        if let new { digest.add(key: key, json: new) }
        rows[key] = new
    }

    /// Adds an entry from `before` to the current digest, to the journal when one is attached.
    mutating func append(origin: String, records: [RecordDelta], before: CacheDigest, time: Date = Date()) {
        guard !records.isEmpty else { return }
        if let journal {
            do { try journal.append(origin: origin, records: records, digest: digest, time: time) } catch {
                failure = "the journal cannot be written: \(error)"
            }
            return
        }
        entries.append(JournalEntry(sequence: entries.count + 1, time: time, origin: origin, records: records,
                                    digestBefore: before, digestAfter: digest))
    }
}
