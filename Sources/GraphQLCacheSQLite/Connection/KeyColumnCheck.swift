/// Refuses a `records` table whose `key` column would not keep a key's exact bytes.
///
/// Why: CacheLens, like SQLite's default `BINARY` collation and Apollo iOS's `key TEXT UNIQUE`,
/// treats a key as its UTF-8 bytes. A column declared `INTEGER`, `REAL` or `NUMERIC` stores
/// `0123` as the number 123 (so `record("0123")` is not found after writing it), and a
/// `NOCASE` or `RTRIM` collation, on the column or on a unique index, makes `Human:1000` and
/// `HUMAN:1000` one row: `INSERT OR REPLACE` then deletes the other key's record. Refusing
/// such a file when it is opened is simpler and safer than working around it in every
/// statement; a genuine Apollo file never has one.
enum KeyColumnCheck {
    static func check(_ connection: SQLiteConnection) throws {
        let path = connection.path
        if let declaration = try connection.columnDeclaration(table: "records", column: "key") {
            if let problem = affinityProblem(declaredType: declaration.type) {
                throw SQLiteError.keyColumnChangesKeys(path: path, problem: problem)
            }
            if declaration.collation.uppercased() != "BINARY" {
                throw SQLiteError.keyColumnChangesKeys(
                    path: path, problem: "is declared COLLATE \(declaration.collation.uppercased())")
            }
        }
        for index in try uniqueIndexes(connection) {
            if let problem = try indexProblem(connection, index: index) {
                throw SQLiteError.keyColumnChangesKeys(path: path, problem: problem)
            }
        }
    }

    /// SQLite's rules for a column's affinity from its declared type (section 3.1 of "Datatypes
    /// In SQLite"): TEXT and BLOB (no type) keep text as it is bound; the others may turn a key
    /// that looks like a number into a number.
    static func affinityProblem(declaredType: String) -> String? {
        let type = declaredType.uppercased()
        if type.contains("INT") { return "is declared \(declaredType) (INTEGER affinity: keys that look like numbers are stored as numbers)" }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return nil }
        if type.isEmpty || type.contains("BLOB") { return nil }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            return "is declared \(declaredType) (REAL affinity: keys that look like numbers are stored as numbers)"
        }
        return "is declared \(declaredType) (NUMERIC affinity: keys that look like numbers are stored as numbers)"
    }

    /// The names of the unique indexes on `records`, those made for `UNIQUE` and `PRIMARY KEY`
    /// constraints included.
    private static func uniqueIndexes(_ connection: SQLiteConnection) throws -> [String] {
        try connection.withStatement(#"PRAGMA index_list("records")"#) { statement in
            var names: [String] = []
            while try statement.step() {
                if statement.int64(2) != 0, let name = statement.text(1) { names.append(name) }
            }
            return names
        }
    }

    /// What is wrong with a unique index: it compares `key` with another collation, or it is
    /// on an expression (which may fold keys, as `lower(key)` does); nil when it keeps bytes.
    private static func indexProblem(_ connection: SQLiteConnection, index: String) throws -> String? {
        let quoted = "\"" + index.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return try connection.withStatement("PRAGMA index_xinfo(\(quoted))") { statement in
            // Columns: seqno, cid, name, desc, coll, key (1 for the indexed parts).
            while try statement.step() {
                guard statement.int64(5) != 0 else { continue }
                let collation = (statement.text(4) ?? "BINARY").uppercased()
                if statement.int64(1) == -2 {
                    return "has a UNIQUE index \(index) on an expression, which may call different keys equal"
                }
                if statement.text(2)?.lowercased() == "key" && collation != "BINARY" {
                    return "has a UNIQUE index \(index) that compares keys with COLLATE \(collation)"
                }
            }
            return nil
        }
    }
}
