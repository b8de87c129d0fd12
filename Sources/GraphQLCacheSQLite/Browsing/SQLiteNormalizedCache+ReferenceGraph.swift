import GraphQLCache

/// Garbage collection's scan: every row's key and the keys its stored text references, read
/// from the bytes SQLite hands over (`RecordJSON.forEachReference`) without decoding the
/// record; only a row the byte scan cannot speak for (escapes, custom scalar objects, text that
/// is not a record) is decoded.
extension SQLiteNormalizedCache: ReferenceScanning {
    /// Rows per page: the connection is released between pages (a few milliseconds each).
    static let referencePageSize = 4_096

    package func scanReferences(into graph: inout ReferenceGraph) throws {
        var after = Int64.min
        while true {
            let last = try state.withLock { state in
                try Self.scanReferencePage(after: after, on: state.connection, into: &graph)
            }
            guard let last else { return }
            after = last
        }
    }

    /// Adds one page of rows after row id `after`; returns the last row id, nil past the end.
    private static func scanReferencePage(after: Int64, on connection: SQLiteConnection,
                                          into graph: inout ReferenceGraph) throws -> Int64? {
        let names = FieldNameTable()
        return try forEachRow(after: after, limit: referencePageSize, on: connection) { statement, _ in
            // A NULL key names no row, and a key that is not UTF-8 no reference: left alone.
            _ = statement.withBytes(1) { key in
                guard isUTF8(key) else { return }
                if statement.isNull(2) {
                    graph.addRow(key: key) { _ in }   // a NULL record: a broken row, left alone
                } else {
                    _ = statement.withBytes(2) { addRow(key: key, json: $0, to: &graph, names: names) }
                }
            }
        }
    }

    /// Adds the row under `key` with the references of `json`: from its bytes when the byte
    /// scan is exact for it, else from the decoded record, else (a broken row) what its text
    /// shows.
    private static func addRow(key: UnsafeBufferPointer<UInt8>, json: UnsafeBufferPointer<UInt8>,
                               to graph: inout ReferenceGraph, names: FieldNameTable) {
        guard !graph.addRow(key: key, json: json) else { return }
        let cacheKey = CacheKey(String(decoding: key, as: UTF8.self))
        if case .record(let record) = SQLiteRows.row(json, key: cacheKey, names: names) {
            graph.addRow(record)
        } else {
            graph.addRow(key: key) { add in _ = RecordJSON.forEachReference(in: json, lenient: true, add) }
        }
    }
}
