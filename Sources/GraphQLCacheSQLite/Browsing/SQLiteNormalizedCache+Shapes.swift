import GraphQLCache

/// The census's scan: every row's `__typename` and field keys read from the stored text
/// (`RecordShape.scan`), a page of rows per hold of the connection as the browsing scan does;
/// a row the scan cannot vouch for is decoded, and skipped when it is broken.
extension SQLiteNormalizedCache: RecordShapeScanning {
    package func forEachRecordShape(_ body: (CacheKey, RecordShape) throws -> Void) throws {
        var after = Int64.min
        while true {
            // The page goes on from the last row read, broken or not: going on from the last
            // shape read read skipped rows again, and a page of broken rows ended the census.
            let (page, last) = try withConnection { state in try Self.shapePage(after: after, on: state.connection) }
            for (key, shape) in page { try body(key, shape) }
            guard let last else { return }
            after = last
        }
    }

    /// The shapes of the readable rows after row id `after`, and the last row id read.
    private static func shapePage(after: Int64, on connection: SQLiteConnection) throws
        -> (shapes: [(key: CacheKey, shape: RecordShape)], last: Int64?) {
        var page: [(key: CacheKey, shape: RecordShape)] = []
        let last = try forEachRow(after: after, limit: scanPageSize, on: connection) { statement, rowID in
            // A NULL key or one that is not UTF-8 is a broken row, skipped (the browsing scan's rule).
            guard case .key(let key) = scannedKey(of: statement, rowID: rowID) else { return }
            let shape = statement.withBytes(2) { bytes -> RecordShape? in
                if let shape = RecordShape.scan(bytes) { return shape }
                guard case .record(let record) = SQLiteRows.row(bytes, key: key) else { return nil }
                return RecordShape(record)
            } ?? nil
            if let shape { page.append((key, shape)) }
        }
        return (page, last)
    }
}
