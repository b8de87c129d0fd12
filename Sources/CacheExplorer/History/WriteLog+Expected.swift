import GraphQLCache

extension WriteLog {
    /// Rows a writer of this backend read just before its commit, handed to the log so that
    /// the log neither reads them again for its before-images nor decodes them again for its
    /// deltas: the explorer's delete of 100,000 records reads their rows (as bytes) and
    /// decodes them for its undo, and the log read and decoded the same rows once more.
    struct ExpectedRows: Sendable {
        /// The writer's origin: only the commit it names uses the rows.
        let origin: ChangeOrigin
        /// The rows as read (a key without one had no row).
        let rows: [CacheKey: [UInt8]]
        /// The rows' fields, where the writer decoded them (a row that could not be read is
        /// left out, and the log decodes it as it would).
        let fields: [CacheKey: [String: CacheValue]]
    }

    /// Hands the log the rows `rows` (and their decoded `fields`) that the commit named
    /// `origin` is about to change, read by its writer under the store's write lock, as the
    /// log's own read before the commit would have read them. Any other commit ignores them,
    /// and the next commit forgets them, whichever it is.
    package func expect(rows: [CacheKey: [UInt8]], fields: [CacheKey: [String: CacheValue]], committedAs origin: ChangeOrigin) {
        shadow.withLock { $0.expected = ExpectedRows(origin: origin, rows: rows, fields: fields) }
    }

    /// The before-images of the commit of `change` touching `keys`, and the decoded fields a
    /// writer handed over for it: the expected rows where they are this commit's, the rest
    /// read. Forgets the expected rows either way.
    func beforeImages(of change: CacheChange, keys: Set<CacheKey>) throws -> ([CacheKey: [UInt8]], [CacheKey: [String: CacheValue]]) {
        let expected = shadow.withLock { held in
            defer { held.expected = nil }
            return held.expected
        }
        guard let expected, let origin = change.origin, expected.origin == origin else { return (try rows.current(keys), [:]) }
        let unread = keys.filter { expected.rows[$0] == nil }
        guard !unread.isEmpty else { return (expected.rows, expected.fields) }
        return (expected.rows.merging(try rows.current(unread)) { seen, _ in seen }, expected.fields)
    }
}
