import Dispatch
import GraphQLCache

/// The rows of a SQLite cache in key order (`KeyOrderedRows`), for diffs and the recorder.
///
/// Read on a connection of its own inside one read transaction, so the rows are one consistent
/// state of the file even while another process commits, and the cache's own connection stays
/// free. Pages of `pageSize` rows are found through the `key` column's unique index (`key > last
/// ORDER BY key`), so a page costs a seek and memory holds two pages: the one being walked and
/// the next, which `KeyOrderedPageReader` reads meanwhile on a thread of its own (a diff walks
/// two files, so both are read while the join compares: on two cores it costs about what
/// reading the bigger file does). Rows with a NULL key are not listed (no key can name them); a
/// key that is not valid UTF-8 comes as a broken row.
public final class SQLiteKeyOrderedRows: KeyOrderedRows {
    private let reader: KeyOrderedPageReader
    private var page: [KeyedRow] = []
    private var position = 0
    private var finished = false

    init(path: String, busyTimeoutMilliseconds: Int32, pageSize: Int) throws {
        reader = try KeyOrderedPageReader(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, pageSize: pageSize)
    }

    public func next() throws -> KeyedRow? {
        if position == page.count {
            guard !finished else { return nil }
            page = try reader.nextPage()
            position = 0
            if page.isEmpty {
                finished = true
                return nil
            }
        }
        defer { position += 1 }
        return page[position]
    }
}

/// Reads a file's rows a page at a time in key order, one page ahead of its consumer, on a
/// serial queue of its own. Its state (the connection, the last key, the page read ahead) is
/// touched only on that queue, which is what makes it safe to send there (`@unchecked`).
final class KeyOrderedPageReader: @unchecked Sendable {
    static let firstPageSQL = #"SELECT "key", "record" FROM "records" WHERE "key" IS NOT NULL ORDER BY "key" LIMIT ?"#
    static let nextPageSQL = #"SELECT "key", "record" FROM "records" WHERE "key" > ? ORDER BY "key" LIMIT ?"#

    private let queue = DispatchQueue(label: "cachelens.key-ordered-pages", qos: .userInitiated)
    private let connection: SQLiteConnection
    private let pageSize: Int
    private var lastKey: [UInt8]?
    private var finished = false
    private var ahead: Result<[KeyedRow], any Error>?

    init(path: String, busyTimeoutMilliseconds: Int32, pageSize: Int) throws {
        connection = try SQLiteConnection(path: path, readOnly: true, create: false,
                                          busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        self.pageSize = max(pageSize, 1)
        try connection.begin(immediate: false)
    }

    // Pending reads hold the reader, so this runs after the last of them.
    deinit { connection.rollback() }

    /// The next page (empty at the end), waiting for the read ahead if it is still running,
    /// and starting the read of the page after it.
    func nextPage() throws -> [KeyedRow] {
        let page = try queue.sync { () throws -> [KeyedRow] in
            defer { ahead = nil }
            return try (ahead ?? Result { try readPage() }).get()
        }
        if !page.isEmpty {
            queue.async { [self] in ahead = Result { try readPage() } }
        }
        return page
    }

    /// Reads the page after the last key (on `queue`); the end when it comes back short.
    private func readPage() throws -> [KeyedRow] {
        guard !finished else { return [] }
        var page: [KeyedRow] = []
        page.reserveCapacity(pageSize)
        let sql = lastKey == nil ? Self.firstPageSQL : Self.nextPageSQL
        try connection.withStatement(sql) { statement in
            var index: Int32 = 1
            if let lastKey {
                lastKey.withUnsafeBufferPointer { statement.bind(bytes: $0, at: 1) }
                index = 2
            }
            statement.bind(Int64(pageSize), at: index)
            var last: [UInt8] = []
            while try statement.step() {
                // The key is read straight from SQLite's buffer: one copy per row (the record's).
                let record = statement.withBytes(1) { Array($0) }
                let row = statement.withBytes(0) { key in
                    last.removeAll(keepingCapacity: true)
                    last.append(contentsOf: key)
                    return Self.row(keyBytes: key, record: record)
                } ?? Self.row(keyBytes: UnsafeBufferPointer(start: nil, count: 0), record: record)
                page.append(row)
            }
            if !page.isEmpty { lastKey = last }
        }
        if page.count < pageSize {
            finished = true
            connection.rollback()
        }
        return page
    }

    private static func row(keyBytes: UnsafeBufferPointer<UInt8>, record: [UInt8]?) -> KeyedRow {
        // Told by bytes (an ASCII key without a string), made as two words when short: the
        // generic `String(validating:as:)` looked its encoding's metadata up on every row, a
        // tenth of reading a file in key order.
        guard SQLiteNormalizedCache.isUTF8(keyBytes) else {
            let hex = keyBytes.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return KeyedRow(key: CacheKey(String(decoding: keyBytes, as: UTF8.self)),
                            content: .broken("the key is not valid UTF-8 (bytes \(hex))"))
        }
        let key = CacheKey(String(utf8: keyBytes))
        guard let record else { return KeyedRow(key: key, content: .broken("the record column is NULL")) }
        return KeyedRow(key: key, content: .json(record))
    }
}

extension SQLiteNormalizedCache {
    /// The file's rows in key order, as one consistent state of the file (see
    /// `SQLiteKeyOrderedRows`).
    public func rowsInKeyOrder(pageSize: Int = 1_024) throws -> SQLiteKeyOrderedRows {
        try SQLiteKeyOrderedRows(path: path, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds, pageSize: pageSize)
    }
}

extension SQLiteNormalizedCache: KeyOrderedReading {
    public func keyOrderedRows() throws -> any KeyOrderedRows { try rowsInKeyOrder() }
}
