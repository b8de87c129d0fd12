import GraphQLCache

/// Rows on their way to a diff, counted for the scan's progress (`ScanProgress.rowsRead`,
/// which also stops a stopped scan): a key-ordered read reads no pages by row id to report.
struct ReportedRows: KeyOrderedRows {
    private var inner: any KeyOrderedRows
    private let total: Int
    private var read = 0

    /// `inner`'s rows, about `total` of them.
    init(_ inner: any KeyOrderedRows, total: Int) {
        self.inner = inner
        self.total = total
    }

    mutating func next() throws -> KeyedRow? {
        if read % Self.rowsPerReport == 0 { try ScanProgress.rowsRead(read, of: total) }
        read += 1
        return try inner.next()
    }

    /// Rows read between two reports.
    static let rowsPerReport = 4_096
}
