import GraphQLCache

/// Garbage collection's scan: every row's key and the keys its stored text references, read
/// from the bytes SQLite hands over (`RecordJSON.forEachReference`) without decoding the
/// record; only a row the byte scan cannot speak for (escapes, custom scalar objects, text that
/// is not a record) is decoded.
extension SQLiteNormalizedCache: ReferenceScanning {
    /// Rows per page: the connection is released between pages (a few milliseconds each).
    static let referencePageSize = 4_096

    /// Each page is read here and copied out (`CopiedRowPage`); its references are found and
    /// interned into the graph on a second thread (`SecondCoreStage`) while this one reads the
    /// next page: the interning, half of a collection, no longer waits for SQLite, nor SQLite
    /// for it. The pages reach the graph in the order read, as on one thread.
    package func scanReferences(into graph: inout ReferenceGraph) throws {
        let stage = SecondCoreStage()
        // The graph moves to the second thread's side for the scan, and back when it is done.
        let shared = Locked(ReferenceGraph())
        shared.value.withLock { swap(&$0, &graph) }
        defer {
            stage.finish()
            shared.value.withLock { swap(&$0, &graph) }
        }
        var after = Int64.min
        while true {
            let (page, last) = try state.withLock { state in try CopiedRowPage.read(after: after, limit: Self.referencePageSize, on: state.connection) }
            stage.submit { shared.value.withLock { page.addReferences(to: &$0) } }
            guard let last else { return }
            after = last
        }
    }

    /// Adds the row under `key` with the references of `json`: from its bytes when the byte
    /// scan is exact for it, else from the decoded record, else (a broken row) what its text
    /// shows.
    static func addRow(key: UnsafeBufferPointer<UInt8>, json: UnsafeBufferPointer<UInt8>,
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

extension CopiedRowPage {
    /// Adds each row to `graph` with the keys it references, in order. A row whose key is NULL
    /// (no key can name it) or not UTF-8 (no reference can) is left alone; a NULL record is a
    /// broken row, added without references.
    func addReferences(to graph: inout ReferenceGraph) {
        let names = FieldNameTable()
        forEachRow { row in
            switch row {
            case .broken: break
            case .nullRecord(let key): graph.addRow(key: key) { _ in }
            case .read(let key, let text): SQLiteNormalizedCache.addRow(key: key, json: text, to: &graph, names: names)
            }
        }
    }
}
