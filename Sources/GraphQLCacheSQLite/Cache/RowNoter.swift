import GraphQLCache

/// The rows a removal that keeps them deletes, as SQLite's `cachelens_row_removed(key, record)`
/// hands them over, row by row, while the `DELETE` runs (`SQLiteNormalizedCache.removeRows`).
///
/// Why a function rather than `DELETE … RETURNING`: SQLite runs a `RETURNING` delete in two
/// passes through a temporary table (see `KeyMatcher`); noting each row as the statement's
/// condition reaches it reads and deletes in one pass, as the cache's removal by pattern does.
final class RowNoter {
    /// The rows noted since `start`; nil when not noting.
    private var rows: StoredRows?
    /// Told the count of rows noted every `progressInterval` rows; when it throws, the noting
    /// fails and so does the statement (`failure` keeps the error).
    private var progress: RowProgress?
    /// What stopped the statement, to be thrown in place of SQLite's error.
    private(set) var failure: (any Error)?

    /// Rows between two calls of `progress`.
    static let progressInterval = 2_048

    func start(progress: RowProgress) {
        rows = StoredRows()
        self.progress = progress
        failure = nil
    }

    /// The rows noted, and stops noting.
    func stop() -> StoredRows {
        defer { (rows, progress) = (nil, nil) }
        return rows ?? StoredRows()
    }

    /// Notes a row; false when `progress` threw (the statement must fail) or nothing is noting.
    func note(key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard rows != nil else { return false }
        rows?.append(key: key, record: record)
        let count = rows?.count ?? 0
        guard count % Self.progressInterval == 0, let progress else { return true }
        do { try progress.report(count) } catch {
            failure = error
            return false
        }
        return true
    }
}

/// A caller's progress, handed to the noter for the length of one statement, which runs on the
/// caller's own thread: it is never called from another.
struct RowProgress: @unchecked Sendable {
    let report: (Int) throws -> Void
}
