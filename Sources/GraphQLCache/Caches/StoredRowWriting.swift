/// A cache that can take rows out and put them back as bytes (`StoredRows`), each in one pass
/// over the file: the explorer's delete of many records keeps what it removes for its undo, and
/// the undo writes it back, without a record decoded or encoded on the way.
///
/// Why: the explorer's delete read each row by key, decoded it, then deleted it by key (two
/// searches of the file's index a row, and JSON work); its undo staged every record over the
/// transaction, compared it with the file, and encoded it again. Here the delete is one
/// statement that notes each row as it deletes it, and the undo inserts each row where its
/// key has none.
package protocol StoredRowWriting: NormalizedCache {
    /// Deletes every row whose key matches `pattern` (`KeyPattern`) in one statement, and
    /// returns them as they were. `progress` is called with the count of rows deleted so far,
    /// every few thousand rows; when it throws, the statement stops and nothing is deleted.
    /// `expecting`: about how many rows match, where the caller counted them (0: not known),
    /// so that room for them is made once rather than grown row by row.
    func removeRows(matching pattern: String, expecting rows: Int, progress: (Int) throws -> Void) throws -> StoredRows

    /// Writes each row of `rows` as it is, where its key has no row; returns the positions of
    /// the rows written (the others' keys hold a row now, left as it is). `progress` is called
    /// with the count of rows handled so far; when it throws, nothing is written (inside the
    /// caller's `performAtomically`, which rolls back).
    func insertRowsWhereAbsent(_ rows: StoredRows, progress: (Int) throws -> Void) throws -> [Int]
}

extension StoredRowWriting {
    /// `removeRows(matching:expecting:progress:)` without a count of the matching rows.
    package func removeRows(matching pattern: String, progress: (Int) throws -> Void) throws -> StoredRows {
        try removeRows(matching: pattern, expecting: 0, progress: progress)
    }
}
