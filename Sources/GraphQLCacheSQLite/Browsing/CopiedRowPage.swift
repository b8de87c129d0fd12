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

    /// The key at `range` as a `CacheKey` (a sound key: `append` vouched for its UTF-8).
    static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> CacheKey { CacheKey(String(utf8: bytes)) }
}
