import GraphQLCache

/// The rows a removal that keeps them deletes, as SQLite's `cachelens_row_removed(key, record)`
/// hands them over, row by row, while the `DELETE` runs (`SQLiteNormalizedCache.removeRows`).
///
/// Why a function rather than `DELETE … RETURNING`: SQLite runs a `RETURNING` delete in two
/// passes through a temporary table (see `KeyMatcher`); noting each row as the statement's
/// condition reaches it reads and deletes in one pass, as the cache's removal by pattern does.
final class RowNoter {
    /// The rows noted since `start` (empty when not noting).
    private var rows = StoredRows()
    private var isNoting = false
    /// How many rows are noted, kept apart from `rows`: reading it there in each call copied
    /// the rows' buffers' references (a retain and a release of each, every row).
    private var noted = 0
    /// About how many rows the statement deletes (0: not known).
    private var expected = 0
    /// Told the count of rows noted every `progressInterval` rows; when it throws, the noting
    /// fails and so does the statement (`failure` keeps the error).
    private var progress: RowProgress?
    /// What stopped the statement, to be thrown in place of SQLite's error.
    private(set) var failure: (any Error)?

    /// Rows between two calls of `progress`.
    static let progressInterval = 2_048

    /// Starts noting; `expected`: about how many rows the statement deletes (0: not known).
    func start(progress: RowProgress, expecting expected: Int = 0) {
        rows = StoredRows()
        if expected > 0 { rows.reserve(rows: expected, bytesPerRow: 0) }
        (isNoting, noted, self.expected) = (true, 0, expected)
        self.progress = progress
        failure = nil
    }

    /// The rows noted, and stops noting.
    func stop() -> StoredRows {
        defer { (rows, progress, isNoting) = (StoredRows(), nil, false) }
        return rows
    }

    /// Notes a row; false when `progress` threw (the statement must fail) or nothing is noting.
    func note(key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>?, blobs: StoredRows.Blobs = .none) -> Bool {
        guard isNoting else { return false }
        rows.append(key: key, record: record, blobs: blobs)
        noted += 1
        guard noted % Self.progressInterval == 0 else { return true }
        if noted == Self.progressInterval, expected > noted { reserveBytes() }
        guard let progress else { return true }
        do { try progress.report(noted) } catch {
            failure = error
            return false
        }
        return true
    }

    /// Makes room for the bytes of the rows still expected, at the mean size of those noted so
    /// far (and a little more), once: growing the buffer by doubling copied it and touched
    /// fresh pages twice over, a third of the noting for 100,000 rows.
    private func reserveBytes() {
        let mean = rows.byteCount / noted
        rows.reserve(rows: expected, bytesPerRow: mean + mean / 16 + 8)
    }
}

/// A caller's progress, handed to the noter for the length of one statement, which runs on the
/// caller's own thread: it is never called from another.
struct RowProgress: @unchecked Sendable {
    let report: (Int) throws -> Void
}
