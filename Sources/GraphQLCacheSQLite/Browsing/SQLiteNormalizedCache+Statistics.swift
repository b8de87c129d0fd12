import GraphQLCache

extension SQLiteNormalizedCache {
    /// Counts, sizes and typenames of the whole file, in one scan of its rows, a page of rows per
    /// hold of the connection as every scan the explorer's UI thread makes (`withConnection`).
    ///
    /// Why one scan: the totals and the largest rows were two SQL scans of their own (one with
    /// a sort) beside the scan for typenames, which decoded every record; on ten million rows
    /// the whole took nineteen times one read of the rows. Each row's `__typename` is now found
    /// by checking its text (`RecordTextCheck`); a row the check cannot vouch for is decoded,
    /// which also tells a broken row from a sound one. The figures are those of the SQL:
    /// `count(*)`, `sum(length(CAST("key" AS BLOB)) + length(CAST("record" AS BLOB)))` (a row
    /// with a NULL adds nothing) and the largest records by `length(CAST("record" AS BLOB))`.
    public func statistics(largest: Int = 10) throws -> CacheStatistics {
        var scan = StatisticsScan(largest: largest)
        var after = Int64.min
        while let last = try withConnection({ state in try scan.addPage(after: after, on: state.connection) }) {
            after = last
        }
        var statistics = scan.statistics
        try withConnection { state in
            let pages = "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"
            try state.connection.withStatement(pages) { statement in
                if try statement.step() { statistics.fileBytes = Int(statement.int64(0)) }
            }
        }
        return statistics
    }
}

/// What `statistics(largest:)` gathers as it reads the rows.
private struct StatisticsScan {
    private var records = 0
    private var recordBytes = 0
    private var largest: LargestRows
    private var counts: [String: Int] = [:]
    /// The typename of the rows just read, its bytes, and how many of them are not yet in
    /// `counts`: a run of rows of one type (the usual order of a cache's rows) is counted
    /// without making and hashing a string per row.
    private var run: (name: String?, bytes: [UInt8], count: Int) = (nil, [], 0)
    private var broken: [BrokenRecord] = []

    init(largest: Int) { self.largest = LargestRows(count: largest) }

    var statistics: CacheStatistics {
        var counts = counts
        if run.count > 0 { counts[run.name ?? "(none)", default: 0] += run.count }
        var statistics = CacheStatistics()
        statistics.records = records
        statistics.recordBytes = recordBytes
        statistics.largest = largest.sizes
        statistics.typenames = CacheStatistics.byCount(counts)
        statistics.broken = broken
        return statistics
    }

    /// Reads the page of rows after row id `after`; returns the last row id read, nil when none.
    mutating func addPage(after: Int64, on connection: SQLiteConnection) throws -> Int64? {
        let names = FieldNameTable()
        return try SQLiteNormalizedCache.forEachRow(after: after, limit: SQLiteNormalizedCache.scanPageSize, on: connection) { statement, rowID in
            add(statement, rowID: rowID, names: names)
        }
    }

    /// Adds the row `statement` stands on; `names` serves the rows the check leaves to decoding.
    private mutating func add(_ statement: SQLiteStatement, rowID: Int64, names: FieldNameTable) {
        records += 1
        let recordIsNull = statement.isNull(2)
        if !statement.isNull(1) {
            let size = recordIsNull ? nil : statement.byteCount(2)
            statement.withBytes(1) { key in
                if let size { recordBytes += key.count + size }
                largest.offer(bytes: size, key: key)
            }
        }
        let key: CacheKey
        switch SQLiteNormalizedCache.scannedKey(of: statement, rowID: rowID) {
        case .key(let found): key = found
        case .broken(let row):
            broken.append(row)
            return
        }
        let counted: Bool? = statement.withBytes(2) { text -> Bool in
            if let sound = RecordTextCheck.check(text) {
                count(typename: sound.typename.map { UnsafeBufferPointer(rebasing: text[$0]) })
                return true
            }
            switch SQLiteRows.row(text, key: key, names: names) {
            case .record(let record):
                count(typename: record.typename)
                return true
            case .broken(let row):
                broken.append(row)
                return false
            }
        }
        if counted == nil { broken.append(BrokenRecord(key: key, reason: "the record column is NULL")) }
    }

    /// Counts a row whose `__typename` has these bytes (nil: none).
    private mutating func count(typename bytes: UnsafeBufferPointer<UInt8>?) {
        if let bytes, run.name != nil, run.bytes.elementsEqual(bytes) {
            run.count += 1
            return
        }
        count(typename: bytes.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Counts a row of this `__typename` (nil: none).
    private mutating func count(typename name: String?) {
        if run.count > 0, run.name == name, name.map({ run.bytes.elementsEqual($0.utf8) }) ?? true {
            run.count += 1
            return
        }
        if run.count > 0 { counts[run.name ?? "(none)", default: 0] += run.count }
        run = (name, name.map { Array($0.utf8) } ?? [], 1)
    }
}
