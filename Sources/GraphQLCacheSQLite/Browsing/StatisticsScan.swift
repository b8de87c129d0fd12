import GraphQLCache

/// What `SQLiteNormalizedCache.statistics(largest:)` gathers as it reads the rows, in two parts:
/// the totals and the largest rows, taken on the scanning thread from what SQLite says of each
/// row; and the typenames and broken rows, which need each row's text checked, on a second
/// thread (`SecondCoreStage`) from the page's rows copied out (`CopiedRowPage`).
struct StatisticsScan {
    private var records = 0
    private var recordBytes = 0
    private var largest: LargestRows
    /// Written by the second thread only, read once it is done.
    private let typenames = Locked(TypenameTally())
    private let stage = SecondCoreStage()

    init(largest: Int) {
        self.largest = LargestRows(count: largest)
    }

    /// The statistics gathered; waits for the second thread's work first.
    mutating func statistics() -> CacheStatistics {
        stage.finish()
        var statistics = CacheStatistics()
        statistics.records = records
        statistics.recordBytes = recordBytes
        statistics.largest = largest.sizes
        typenames.value.withLock { tally in
            statistics.typenames = CacheStatistics.byCount(tally.counts())
            statistics.broken = tally.broken
        }
        return statistics
    }

    /// Reads the page of rows after row id `after`: its totals here, a copy of its rows for the
    /// second thread (handed over by `submit`). Returns the copy and the last row id read (nil
    /// when none).
    mutating func readPage(after: Int64, on connection: SQLiteConnection) throws -> (CopiedRowPage, Int64?) {
        try CopiedRowPage.read(after: after, limit: SQLiteNormalizedCache.scanPageSize, on: connection) { key, text in
            records += 1
            guard let key else { return }
            if let text { recordBytes += key.count + text.count }
            largest.offer(bytes: text?.count, key: key)
        }
    }

    /// Hands a page read by `readPage` to the second thread (waiting while two are ahead).
    func submit(_ page: CopiedRowPage) {
        let typenames = self.typenames
        stage.submit { typenames.value.withLock { page.tally(into: &$0) } }
    }

    /// Waits for the second thread: call before leaving, even when the scan failed.
    func finish() { stage.finish() }
}

extension CopiedRowPage {
    /// Counts each row's typename into `tally` (checking its text, decoding what the check
    /// leaves), or notes it broken, in row order.
    func tally(into tally: inout TypenameTally) {
        let names = FieldNameTable()
        forEachRow { row in
            switch row {
            case .broken(let problem):
                tally.broken.append(problem)
            case .nullRecord(let key):
                tally.broken.append(BrokenRecord(key: Self.key(key), reason: "the record column is NULL"))
            case .read(let key, let text):
                if let sound = RecordTextCheck.check(text) {
                    tally.count(typename: sound.typename.map { UnsafeBufferPointer(rebasing: text[$0]) })
                    return
                }
                switch SQLiteRows.row(text, key: Self.key(key), names: names) {
                case .record(let record): tally.count(typename: record.typename)
                case .broken(let problem): tally.broken.append(problem)
                }
            }
        }
    }
}

/// Records per `__typename`, and the broken rows, in row order.
struct TypenameTally: Sendable {
    private var counted: [String: Int] = [:]
    /// The typename of the rows just counted, its bytes, and how many of them are not yet in
    /// `counted`: a run of rows of one type (the usual order of a cache's rows) is counted
    /// without making and hashing a string per row.
    private var run: (name: String?, bytes: [UInt8], count: Int) = (nil, [], 0)
    var broken: [BrokenRecord] = []

    /// The counts, `(none)` for rows without a typename.
    func counts() -> [String: Int] {
        var counts = counted
        if run.count > 0 { counts[run.name ?? "(none)", default: 0] += run.count }
        return counts
    }

    /// Counts a row whose `__typename` has these bytes (nil: none).
    mutating func count(typename bytes: UnsafeBufferPointer<UInt8>?) {
        if let bytes, run.name != nil, run.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
            run.count += 1
            return
        }
        count(typename: bytes.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Counts a row of this `__typename` (nil: none).
    mutating func count(typename name: String?) {
        if run.count > 0, run.name == name, name.map({ run.bytes.elementsEqual($0.utf8) }) ?? true {
            run.count += 1
            return
        }
        if run.count > 0 { counted[run.name ?? "(none)", default: 0] += run.count }
        run = (name, name.map { Array($0.utf8) } ?? [], 1)
    }
}
