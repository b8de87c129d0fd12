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
                state.keys.removed([key])
                state.trackOwnRemovals([key])
            }
            return removed
        }
    }

    /// The longest pattern (in bytes) handed to SQLite's `LIKE`: its matcher backtracks and
    /// refuses patterns past `SQLITE_LIMIT_LIKE_PATTERN_LENGTH` ("LIKE pattern too complex").
    static let longestLikePattern = 1_000

    /// How the SQL decides: for an ordinary ASCII pattern, SQLite's `LIKE` (which folds ASCII
    /// letters only) is exact on ASCII keys and fast; keys with other characters (`K` Kelvin sign
    /// folds to `k`, a combining accent changes the character) go to `KeyPattern` through a
    /// registered function. When no non-ASCII character can stand for one of the pattern's
    /// (`byteSearchFindsEveryMatch`, e.g. `item:1`), `LIKE` alone finds every match and only its
    /// hits on non-ASCII keys are tested again: the table is scanned as Apollo's plain `LIKE`
    /// scans it. A non-ASCII pattern, a long one, or one holding NUL (which ends a `LIKE` pattern
    /// early, so `"a\u{0}"` would match every key containing `a`) goes to `KeyPattern` for every key.
    static func matchCondition(for pattern: KeyPattern) -> (sql: String, bindings: [String]) {
        let function = SQLiteSchema.matchFunction
        guard pattern.isASCII, pattern.pattern.utf8.count <= longestLikePattern,
              !pattern.pattern.utf8.contains(0) else {
            return (#"\#(function)("key", ?)"#, [pattern.pattern])
        }
        let like = "%" + escapeLike(pattern.pattern) + "%"
        let isASCIIKey = #"length("key") = length(CAST("key" AS BLOB))"#
        if pattern.byteSearchFindsEveryMatch {
            // `LIKE` reads a key only up to a NUL inside it, so a key holding one (never ASCII
            // by this test: `length` stops at the NUL too) is judged by `KeyPattern` when `LIKE`
            // missed it; without this, the key index reports it removed while the row stays.
            let sql = #"("key" LIKE ? ESCAPE '\' AND (\#(isASCIIKey) OR \#(function)("key", ?))) "#
                + #"OR (NOT \#(isASCIIKey) AND \#(function)("key", ?))"#
            return (sql, [like, pattern.pattern, pattern.pattern])
        }
        let sql = #"CASE WHEN \#(isASCIIKey) THEN "key" LIKE ? ESCAPE '\' "# + #"ELSE \#(function)("key", ?) END"#
        return (sql, [like, pattern.pattern])
    }

    /// Escapes LIKE's wildcards so that `%`, `_` and `\` are literal characters.
    static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    @discardableResult
    public func removeRecords(matching pattern: String) throws -> Set<CacheKey> {
        let condition = Self.matchCondition(for: KeyPattern(pattern))
        let sql = #"DELETE FROM "records" WHERE "# + condition.sql + #" RETURNING "key""#
        return try write { state in
            var removed = Set<CacheKey>()
            try state.connection.withStatement(sql) { statement in
                for (index, value) in condition.bindings.enumerated() { statement.bind(value, at: Int32(index + 1)) }
                while try statement.step() {
                    if let key = statement.text(0) { removed.insert(CacheKey(key)) }
                }
            }
            state.keys.removed(removed)
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
            state.keys.cleared()
            state.tracker?.forgetAll()
            return state.transactionDepth > 0
        }
        guard vacuum, !inTransaction else { return }
        try state.withLock { state throws in
            try state.connection.exec("VACUUM", context: "vacuuming")
        }
    }
}
