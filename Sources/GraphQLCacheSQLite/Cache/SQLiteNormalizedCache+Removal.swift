import GraphQLCache

/// Removal: one key, by pattern, everything. Pattern matching gives exactly the in-memory
/// cache's answers (`KeyPattern`): a literal, case-insensitive, Unicode-aware substring.
extension SQLiteNormalizedCache {
    @discardableResult
    public func removeRecord(for key: CacheKey) throws -> Bool {
        try write { state in
            let removed = try state.connection.withStatement(SQLiteRows.deleteKeySQL) { statement in
                statement.bind(key.rawValue, at: 1)
                try statement.run()
                return state.connection.changes > 0
            }
            if removed {
                state.keys.withLock { $0.removed([key]) }
                state.trackOwnRemovals([key])
            }
            return removed
        }
    }

    /// The SQL condition and bindings for keys matching `pattern`: `KeyPattern` itself, as the
    /// registered `cachelens_key_matches` (`KeyMatcher`), exact for every key (non-ASCII ones,
    /// keys holding NUL) and about as cheap per row as SQLite's `LIKE`.
    static func matchCondition(for pattern: KeyPattern) -> (sql: String, bindings: [String]) {
        (#"\#(SQLiteSchema.matchFunction)("key", ?)"#, [pattern.pattern])
    }

    /// The removal by pattern: the same test as `matchCondition`, noting the keys it deletes.
    static let removalSQL = #"DELETE FROM "records" WHERE \#(SQLiteSchema.removalFunction)("key", ?)"#

    /// Deletes the rows whose key matches `pattern` on `connection` with one statement (inside
    /// the caller's transaction, or alone); returns their keys. Throws if the keys noted do not
    /// account for every row deleted: inside a transaction, so that it rolls back; alone, the
    /// rows are gone, and the cache forgets its listing (`rolledBack`) so that it is read anew.
    package static func deleteRows(matching pattern: String, on connection: SQLiteConnection) throws -> [CacheKey] {
        connection.keyMatcher.startNoting()
        let deleted: Int
        do {
            deleted = try connection.withStatement(removalSQL) { statement in
                statement.bind(pattern, at: 1)
                try statement.run()
                return connection.changes
            }
        } catch {
            _ = connection.keyMatcher.stopNoting()
            throw error
        }
        let keys = connection.keyMatcher.stopNoting()
        guard keys.count == deleted else {
            throw SQLiteError.failure(path: connection.path, code: 0,
                                      message: "\(keys.count) keys noted for \(deleted) rows deleted",
                                      context: "removing the keys matching \(pattern)")
        }
        return keys
    }

    /// Escapes LIKE's wildcards so that `%`, `_` and `\` are literal characters.
    package static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    @discardableResult
    public func removeRecords(matching pattern: String) throws -> Set<CacheKey> {
        try writeOneStatement { state in
            let removed = Set(try Self.deleteRows(matching: pattern, on: state.connection))
            state.keys.withLock { $0.removed(removed, allMatching: KeyPattern(pattern)) }
            state.trackOwnRemovals(removed)
            return removed
        }
    }

    public func clear() throws {
        try clear(vacuum: options.vacuumOnClear)
    }

    /// Removes every record; `vacuum` also shrinks the file (not possible inside
    /// `performAtomically`, where it is skipped).
    public func clear(vacuum: Bool) throws {
        let inTransaction = try write { state in
            try state.connection.exec(#"DELETE FROM "records""#, context: "clearing the records")
            state.keys.withLock { $0.cleared() }
            state.tracker?.forgetAll()
            return state.transactionDepth > 0
        }
        guard vacuum, !inTransaction else { return }
        try state.withLock { state throws in
            try state.connection.exec("VACUUM", context: "vacuuming")
        }
    }
}

extension SQLiteNormalizedCache: KeyBatchRemoving {
    /// One transaction (`performAtomically`), `heldChunkSize` keys per hold of the connection
    /// so that the explorer's reads go in between (`ConnectionTurns`); each chunk's keys leave
    /// the key listing together.
    ///
    /// The keys are deleted in the key index's order (byte order), so that each page of the
    /// index is visited once, and each chunk closes up one stretch of the key listing: a
    /// store passes a set's keys, in hash order, and 100,000 of them deleted in that order
    /// took 1.3 s, the pages read again and again and each chunk's keys spread over the
    /// whole listing.
    @discardableResult
    package func removeRecords(forKeys unordered: [CacheKey]) throws -> Set<CacheKey> {
        let keys = unordered.count > Self.heldChunkSize ? KeyOrder.sorted(unordered) : unordered
        return try performAtomically {
            var removed = Set<CacheKey>(minimumCapacity: keys.count)
            for start in stride(from: 0, to: keys.count, by: Self.heldChunkSize) {
                let chunk = Array(keys[start..<min(start + Self.heldChunkSize, keys.count)])
                removed.formUnion(try write { state -> [CacheKey] in
                    var gone: [CacheKey] = []
                    for key in chunk {
                        let existed = try state.connection.withStatement(SQLiteRows.deleteKeySQL) { statement in
                            statement.bind(key.rawValue, at: 1)
                            try statement.run()
                            return state.connection.changes > 0
                        }
                        if existed { gone.append(key) }
                    }
                    state.keys.withLock { $0.removed(Set(gone)) }
                    state.trackOwnRemovals(gone)
                    return gone
                })
            }
            return removed
        }
    }
}
