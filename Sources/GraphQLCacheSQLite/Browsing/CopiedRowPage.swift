import GraphQLCache

/// One page of a scan's rows copied out of SQLite, for work on a second thread
/// (`SecondCoreStage`): each row's key and text, or why its key makes it broken (found while
/// the row was read, without making a string of the key).
struct CopiedRowPage: Sendable {
    enum Row: Sendable {
        /// Key and record bytes at these ranges of `bytes`; `text` nil for a NULL record.
        case read(key: Range<Int>, text: Range<Int>?)
        case broken(BrokenRecord)
    }

    private var bytes: [UInt8] = []
    private(set) var rows: [Row] = []

    init(reservingRows count: Int) {
        rows.reserveCapacity(count)
        bytes.reserveCapacity(count * 256)
    }

    /// Copies the row `rowID` whose key and record columns hold `key` and `text` (nil: NULL).
    mutating func append(rowID: Int64, key: UnsafeBufferPointer<UInt8>?, text: UnsafeBufferPointer<UInt8>?) {
        if let problem = SQLiteNormalizedCache.brokenKey(key, rowID: rowID) {
            rows.append(.broken(problem))
            return
        }
        let keyStart = bytes.count
        bytes.append(contentsOf: key!)
        let keyRange = keyStart..<bytes.count
        guard let text else {
            rows.append(.read(key: keyRange, text: nil))
            return
        }
        bytes.append(contentsOf: text)
        rows.append(.read(key: keyRange, text: keyRange.upperBound..<bytes.count))
    }

    /// Calls `body` with a function giving the bytes at a range of a `Row` (valid during the call).
    func withBytes<T>(_ body: ((Range<Int>) -> UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { all in try body { UnsafeBufferPointer(rebasing: all[$0]) } }
    }

    /// One copied row as the work on it sees it (the bytes valid during `forEachRow`'s call).
    enum Copied {
        /// The row's key makes it broken (NULL, or not UTF-8).
        case broken(BrokenRecord)
        /// A sound key whose record column is NULL.
        case nullRecord(key: UnsafeBufferPointer<UInt8>)
        case read(key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>)
    }

    /// Calls `body` with each row, in order: the one loop of every scan's work on a page.
    func forEachRow(_ body: (Copied) throws -> Void) rethrows {
        try withBytes { bytes in
            for row in rows {
                switch row {
                case .broken(let broken): try body(.broken(broken))
                case .read(let key, nil): try body(.nullRecord(key: bytes(key)))
                case .read(let key, let text?): try body(.read(key: bytes(key), text: bytes(text)))
                }
            }
        }
    }

    /// The key at `range` as a `CacheKey` (a sound key: `append` vouched for its UTF-8).
    static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> CacheKey { CacheKey(String(utf8: bytes)) }
}

extension CopiedRowPage {
    /// The `limit` rows after row id `after` on `connection`, copied, and the last row id read
    /// (nil when none). `each` sees every row's key and record columns (nil: NULL) as SQLite
    /// holds them, before they are copied.
    static func read(after: Int64, limit: Int, on connection: SQLiteConnection,
                     each: (_ key: UnsafeBufferPointer<UInt8>?, _ text: UnsafeBufferPointer<UInt8>?) -> Void = { _, _ in })
        throws -> (CopiedRowPage, Int64?) {
        var page = CopiedRowPage(reservingRows: limit)
        let last = try SQLiteNormalizedCache.forEachRow(after: after, limit: limit, on: connection) { statement, rowID in
            statement.withBytes(1, 2) { key, text in
                each(key, text)
                page.append(rowID: rowID, key: key, text: text)
            }
        }
        return (page, last)
    }
}
