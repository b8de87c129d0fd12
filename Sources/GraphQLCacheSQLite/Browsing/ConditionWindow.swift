/// How many row ids a page of a scan with a condition looks at (`forEachRecord(where:)`): the
/// span grows while a page takes less than `shortest` and shrinks while it takes more than
/// `longest`, so that each hold of the connection is a few milliseconds whether the rows are
/// dense, sparse (an app that deleted and wrote again: row ids spread over millions) or costly
/// to test.
///
/// Why spans of row ids and not counts of rows: finding the row id 32,768 rows ahead walked
/// those rows in the table, as costly as testing them (`r` over 100,000 items took 70 ms
/// where it took 42).
struct ConditionWindow {
    private(set) var span: Int64 = 32_768
    static let shortest = Duration.milliseconds(2)
    static let longest = Duration.milliseconds(8)
    static let spans: ClosedRange<Int64> = 1_024...(1 << 24)

    /// The last row id of the window that starts at row id `first`.
    func end(from first: Int64) -> Int64 {
        let (end, overflow) = first.addingReportingOverflow(span - 1)
        return overflow ? .max : end
    }

    /// A page of the window took `spent`: the next window is longer or shorter.
    mutating func took(_ spent: Duration) {
        if spent < Self.shortest { span = min(span * 2, Self.spans.upperBound) }
        if spent > Self.longest { span = max(span / 2, Self.spans.lowerBound) }
    }
}
