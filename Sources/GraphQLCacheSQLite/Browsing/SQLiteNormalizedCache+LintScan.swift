import GraphQLCache

/// Lint's scan: each row's text checked (`RecordTextCheck`) for its `__typename` and whether it
/// reads, and its references found in the bytes (`ReferenceGraph.addRow(key:json:)`), a page
/// of rows per hold of the connection as every browsing scan. Only a row the checks cannot
/// vouch for is decoded, and a path-keyed one, whose key fields lint compares.
///
/// The work is split between two threads, a page apart: this one reads a page from SQLite
/// (copied out, `CopiedRowPage`) while the second checks the page before it and makes its keys
/// and typenames (`lintVerdicts`); then this one finds each row's references and interns them
/// into the graph, which stays on one thread. The rows reach `body` and the graph in the order
/// read, as on one thread.
///
/// Why: decoding every record and hashing every key and reference as a `CacheKey` made a lint
/// of ten million rows 37 times one read of them; with the checks on one thread, 10 times.
extension SQLiteNormalizedCache: LintRowScanning {
    package func scanForLint(into graph: inout ReferenceGraph, _ body: (LintRow) throws -> Void) throws {
        let stage = SecondCoreStage()
        defer { stage.finish() }
        let names = FieldNameTable()
        var checking: (page: CopiedRowPage, verdicts: SecondCoreStage.Handed<[LintVerdict]>)?
        var after = Int64.min
        while true {
            let (page, last) = try withConnection { state in try CopiedRowPage.read(after: after, limit: Self.referencePageSize, on: state.connection) }
            let verdicts = stage.submit(returning: { page.lintVerdicts() })
            if let (page, verdicts) = checking { try Self.add(page, verdicts.take(), into: &graph, names: names, body) }
            checking = (page, verdicts)
            guard let last else { break }
            after = last
        }
        if let (page, verdicts) = checking { try Self.add(page, verdicts.take(), into: &graph, names: names, body) }
    }

    /// Adds the rows of `page` to `graph` and passes them to `body`, in order, as the second
    /// thread judged them (`verdicts`, one per row).
    private static func add(_ page: CopiedRowPage, _ verdicts: [LintVerdict], into graph: inout ReferenceGraph,
                            names: FieldNameTable, _ body: (LintRow) throws -> Void) throws {
        try page.withBytes { bytes in
            for (row, verdict) in zip(page.rows, verdicts) {
                switch verdict {
                case .broken(let broken):
                    try body(.broken(broken))
                case .decoded(let record, let isPath):
                    graph.addRow(record)
                    try body(.record(key: record.key, typename: record.typename, record: isPath ? record : nil))
                case .sound(let key, let typename):
                    guard case .read(let keyRange, let textRange?) = row else { preconditionFailure("a sound row has text") }
                    let json = bytes(textRange)
                    if graph.addRow(key: bytes(keyRange), json: json) {
                        try body(.record(key: key, typename: typename, record: nil))
                        continue
                    }
                    // References the byte scan cannot tell: the record decoded after all.
                    switch SQLiteRows.row(json, key: key, names: names) {
                    case .record(let record):
                        graph.addRow(record)
                        try body(.record(key: key, typename: record.typename, record: nil))
                    case .broken(let broken):
                        try body(.broken(broken))
                    }
                }
            }
        }
    }
}

/// What the second thread makes of one row for lint (`CopiedRowPage.lintVerdicts`).
enum LintVerdict: Sendable {
    /// The row cannot be read as a record.
    case broken(BrokenRecord)
    /// The check vouched for the text and the key is not a response path: the scanning thread
    /// finds its references in the bytes.
    case sound(key: CacheKey, typename: String?)
    /// The record decoded (the check could not vouch for it, or its key is a response path,
    /// whose key fields lint reads).
    case decoded(Record, isPath: Bool)
}

extension CopiedRowPage {
    /// Each row's `LintVerdict`, in order.
    func lintVerdicts() -> [LintVerdict] {
        let names = FieldNameTable()
        var verdicts: [LintVerdict] = []
        verdicts.reserveCapacity(rows.count)
        forEachRow { row in
            switch row {
            case .broken(let broken):
                verdicts.append(.broken(broken))
            case .nullRecord(let key):
                verdicts.append(.broken(BrokenRecord(key: Self.key(key), reason: "the record column is NULL")))
            case .read(let keyBytes, let json):
                let key = Self.key(keyBytes)
                let isPath = KeyShape.isPathKey(key)
                if !isPath, let sound = RecordTextCheck.check(json) {
                    verdicts.append(.sound(key: key, typename: sound.typename.map { String(decoding: json[$0], as: UTF8.self) }))
                    return
                }
                switch SQLiteRows.row(json, key: key, names: names) {
                case .record(let record): verdicts.append(.decoded(record, isPath: isPath))
                case .broken(let broken): verdicts.append(.broken(broken))
                }
            }
        }
        return verdicts
    }
}
