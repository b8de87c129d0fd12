import GraphQLCache

/// Lint's scan: each row's text checked (`RecordTextCheck`) for its `__typename` and whether it
/// reads, and its references found in the bytes (`ReferenceGraph.addRow(key:json:)`), a page
/// of rows per hold of the connection as every browsing scan. Only a row the checks cannot
/// vouch for is decoded, and a path-keyed one, whose key fields lint compares.
///
/// Why: decoding every record and hashing every key and reference as a `CacheKey` made a lint
/// of ten million rows 37 times one read of them.
extension SQLiteNormalizedCache: LintRowScanning {
    package func scanForLint(into graph: inout ReferenceGraph, _ body: (LintRow) throws -> Void) throws {
        var after = Int64.min
        while true {
            let (rows, last) = try withConnection { state in try Self.lintPage(after: after, on: state.connection, into: &graph) }
            for row in rows { try body(row) }
            guard let last else { return }
            after = last
        }
    }

    /// Reads the page of rows after row id `after` into `graph`; the rows and the last row id
    /// read (nil when none).
    private static func lintPage(after: Int64, on connection: SQLiteConnection,
                                 into graph: inout ReferenceGraph) throws -> (rows: [LintRow], last: Int64?) {
        let names = FieldNameTable()
        var rows: [LintRow] = []
        let last = try forEachRow(after: after, limit: referencePageSize, on: connection) { statement, rowID in
            let key: CacheKey
            switch scannedKey(of: statement, rowID: rowID) {
            case .key(let found): key = found
            case .broken(let broken):
                rows.append(.broken(broken))
                return
            }
            let row = statement.withBytes(1) { keyBytes in
                statement.withBytes(2) { json in lintRow(key: key, keyBytes: keyBytes, json: json, into: &graph, names: names) }
            } ?? nil
            rows.append(row ?? .broken(BrokenRecord(key: key, reason: "the record column is NULL")))
        }
        return (rows, last)
    }

    /// One readable row added to `graph`, or the broken row (not added).
    private static func lintRow(key: CacheKey, keyBytes: UnsafeBufferPointer<UInt8>, json: UnsafeBufferPointer<UInt8>,
                                into graph: inout ReferenceGraph, names: FieldNameTable) -> LintRow {
        let isPath = KeyShape.isPathKey(key)
        if !isPath, let sound = RecordTextCheck.check(json), graph.addRow(key: keyBytes, json: json) {
            return .record(key: key, typename: sound.typename.map { String(decoding: json[$0], as: UTF8.self) }, record: nil)
        }
        switch SQLiteRows.row(json, key: key, names: names) {
        case .record(let record):
            graph.addRow(record)
            return .record(key: key, typename: record.typename, record: isPath ? record : nil)
        case .broken(let broken):
            return .broken(broken)
        }
    }
}
