import GraphQLCache

extension WriteLog {
    /// What a writer of this backend knows of its coming commit, handed to the log so that the
    /// log neither reads nor decodes it again: the rows the explorer's delete read (as bytes)
    /// and decoded for its undo, or the records an undo merges.
    struct ExpectedRows: Sendable {
        /// The writer's origin: only the commit it names uses what was handed.
        let origin: ChangeOrigin
        /// Rows as read just before the commit (a key without one had no row).
        var rows: [CacheKey: [UInt8]] = [:]
        /// The rows' fields, where the writer decoded them (a row that could not be read is
        /// left out, and the log decodes it as it would).
        var fields: [CacheKey: [String: CacheValue]] = [:]
        /// The fields of the records the commit merges.
        var merged: [CacheKey: [String: CacheValue]] = [:]
    }

    /// What `willCommit` found for the commit under way, for `didCommit`.
    struct PendingCommit: Sendable {
        /// The records the commit touches.
        var keys: Set<CacheKey>
        /// Their rows before it (a key without one had no row).
        var before: [CacheKey: [UInt8]] = [:]
        /// Before-images a writer decoded already.
        var beforeFields: [CacheKey: [String: CacheValue]] = [:]
        /// The fields of the records the writer said the commit merges.
        var merged: [CacheKey: [String: CacheValue]] = [:]
    }

    /// Hands the log the rows `rows` (and their decoded `fields`) that the commit named
    /// `origin` is about to change, read by its writer under the store's write lock, as the
    /// log's own read before the commit would have read them. Any other commit ignores them,
    /// and the next commit forgets them, whichever it is.
    package func expect(rows: [CacheKey: [UInt8]], fields: [CacheKey: [String: CacheValue]], committedAs origin: ChangeOrigin) {
        shadow.withLock { $0.expected = ExpectedRows(origin: origin, rows: rows, fields: fields) }
    }

    /// Hands the log the records the commit named `origin` merges (an undo of a delete), as
    /// `expect(rows:fields:committedAs:)` hands rows: where a record had no row before the
    /// commit (the log's own before-image says so), its row after is the record's JSON, so the
    /// log writes that rather than reading 100,000 rows back and decoding them.
    package func expect(merging records: [Record], committedAs origin: ChangeOrigin) {
        // A key merged twice holds both, the later fields over the earlier.
        let merged = Dictionary(records.lazy.map { ($0.key, $0.fields) }) { earlier, later in earlier.merging(later) { $1 } }
        shadow.withLock { $0.expected = ExpectedRows(origin: origin, merged: merged) }
    }

    /// The before-images of the commit of `change` touching `keys`, with what a writer handed
    /// over for it: the expected rows where they are this commit's, the rest read. Forgets
    /// the expected rows either way.
    func pendingCommit(_ change: CacheChange, keys: Set<CacheKey>) throws -> PendingCommit {
        let expected = shadow.withLock { held in
            defer { held.expected = nil }
            return held.expected
        }
        guard let expected, let origin = change.origin, expected.origin == origin else {
            return PendingCommit(keys: keys, before: try rows.current(keys))
        }
        let unread = keys.filter { expected.rows[$0] == nil }
        let before = unread.isEmpty ? expected.rows : expected.rows.merging(try rows.current(unread)) { seen, _ in seen }
        return PendingCommit(keys: keys, before: before, beforeFields: expected.fields, merged: expected.merged)
    }

    /// The rows of `changed` after the commit, and the fields of those the log did not read:
    /// a record the writer said it merged over no row is its own JSON after the merge (where
    /// that JSON reads back as the same fields; a non-finite double, written as `null`, does
    /// not), the rest are read.
    func afterImages(of changed: Set<CacheKey>, pending: PendingCommit) throws
        -> (rows: [CacheKey: [UInt8]], fields: [CacheKey: [String: CacheValue]]) {
        guard !pending.merged.isEmpty else { return (try rows.current(changed), [:]) }
        var candidates: [(key: CacheKey, fields: [String: CacheValue])] = []
        var unread = Set<CacheKey>()
        for key in changed {
            if pending.before[key] == nil, let merged = pending.merged[key], !merged.isEmpty {
                candidates.append((key, merged))
            } else {
                unread.insert(key)
            }
        }
        // Encoded on every core: 100,000 records took a fifth of an undo's log on one.
        let toEncode = candidates
        let encoded = ParallelMap.map(toEncode.count, sharedFrom: RowImages.sharedFrom) { RecordJSON.canonicalEncoding(toEncode[$0].fields) }
        var written = [CacheKey: [UInt8]](minimumCapacity: changed.count)
        var fields = [CacheKey: [String: CacheValue]](minimumCapacity: candidates.count)
        for (candidate, json) in zip(candidates, encoded) {
            guard let json else { unread.insert(candidate.key); continue }
            written[candidate.key] = json
            fields[candidate.key] = candidate.fields
        }
        guard !unread.isEmpty else { return (written, fields) }
        return (written.merging(try rows.current(unread)) { derived, _ in derived }, fields)
    }
}
