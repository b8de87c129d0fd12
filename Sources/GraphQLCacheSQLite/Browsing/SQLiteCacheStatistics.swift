import GraphQLCache

/// What `cachelens stats` reports about a cache file: how many records, how many bytes, which
/// records are largest and how many records each `__typename` has.
public struct SQLiteCacheStatistics: Sendable, Equatable {
    /// One record's size.
    public struct Size: Sendable, Equatable {
        /// The record's key.
        public let key: String
        /// The length of its record JSON in bytes.
        public let bytes: Int
    }

    /// Rows in the `records` table (broken rows included).
    public var records = 0
    /// Bytes of keys and record JSON together.
    public var recordBytes = 0
    /// Bytes of the database file (page count times page size).
    public var fileBytes = 0
    /// The largest records by JSON size, largest first.
    public var largest: [Size] = []
    /// Record count per `__typename` (`(none)` for records without one), most first.
    public var typenames: [(typename: String, count: Int)] = []
    /// Rows that cannot be read (bad JSON, NULL key), with their error.
    public var broken: [BrokenRecord] = []

    /// Empty statistics, filled in by `SQLiteNormalizedCache.statistics(largest:)`.
    public init() {}

    /// Equal when every figure is (typenames compared in order).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.records == rhs.records && lhs.recordBytes == rhs.recordBytes && lhs.fileBytes == rhs.fileBytes
            && lhs.largest == rhs.largest && lhs.broken == rhs.broken
            && lhs.typenames.map(\.typename) == rhs.typenames.map(\.typename)
            && lhs.typenames.map(\.count) == rhs.typenames.map(\.count)
    }
}

extension SQLiteNormalizedCache {
    /// Counts, sizes and typenames of the whole file; reads every row once.
    public func statistics(largest: Int = 10) throws -> SQLiteCacheStatistics {
        var statistics = SQLiteCacheStatistics()
        try state.withLock { state throws in
            let connection = state.connection
            let totals = #"SELECT count(*), coalesce(sum(length(CAST("key" AS BLOB)) + length(CAST("record" AS BLOB))), 0) FROM "records""#
            try connection.withStatement(totals) { statement in
                if try statement.step() {
                    statistics.records = Int(statement.int64(0))
                    statistics.recordBytes = Int(statement.int64(1))
                }
            }
            let pages = "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"
            try connection.withStatement(pages) { statement in
                if try statement.step() { statistics.fileBytes = Int(statement.int64(0)) }
            }
            let top = #"SELECT "key", length(CAST("record" AS BLOB)) AS size FROM "records" WHERE "key" IS NOT NULL ORDER BY size DESC, "key" LIMIT ?"#
            try connection.withStatement(top) { statement in
                statement.bind(Int64(largest), at: 1)
                while try statement.step() {
                    statistics.largest.append(.init(key: statement.text(0) ?? "", bytes: Int(statement.int64(1))))
                }
            }
        }
        var counts: [String: Int] = [:]
        try forEachRecord { result in
            switch result {
            case .record(let record): counts[record.typename ?? "(none)", default: 0] += 1
            case .broken(let broken): statistics.broken.append(broken)
            }
        }
        statistics.typenames = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
        return statistics
    }
}
