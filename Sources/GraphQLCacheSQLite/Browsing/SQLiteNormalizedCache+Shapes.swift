import GraphQLCache

/// The census's scan: every row's `__typename` and field keys read from the stored text
/// (`RecordShape.scan`), a page of rows per hold of the connection as the browsing scan does;
/// a row the scan cannot vouch for is decoded, and skipped when it is broken.
extension SQLiteNormalizedCache: RecordShapeScanning {
    package func forEachRecordShape(_ body: (CacheKey, RecordShape) throws -> Void) throws {
        var after = Int64.min
        while true {
            let page = try withConnection { state in try Self.shapePage(after: after, on: state.connection) }
            for (_, key, shape) in page { try body(key, shape) }
            guard let last = page.last else { return }
            after = last.rowID
        }
    }

    private static func shapePage(after: Int64, on connection: SQLiteConnection) throws
        -> [(rowID: Int64, key: CacheKey, shape: RecordShape)] {
        let sql = #"SELECT rowid, "key", "record" FROM "records" WHERE rowid > ? ORDER BY rowid LIMIT \#(scanPageSize)"#
        return try connection.withStatement(sql) { statement in
            statement.bind(after, at: 1)
            var page: [(rowID: Int64, key: CacheKey, shape: RecordShape)] = []
            while try statement.step() {
                // A NULL key or one that is not UTF-8 is a broken row (the browsing scan's rule).
                guard let keyText = statement.withBytes(1, { String(validating: $0, as: UTF8.self) }) ?? nil else { continue }
                let key = CacheKey(keyText)
                let shape = statement.withBytes(2) { bytes -> RecordShape? in
                    if let shape = RecordShape.scan(bytes) { return shape }
                    guard case .record(let record) = SQLiteRows.row(bytes, key: key) else { return nil }
                    return RecordShape(record)
                } ?? nil
                if let shape { page.append((statement.int64(0), key, shape)) }
            }
            return page
        }
    }
}
