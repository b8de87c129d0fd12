/// What `cachelens stats` reports about a cache: how many records, how many bytes, which
/// records are largest and how many records each `__typename` has. One type for every cache:
/// a SQLite cache fills it with SQL (`SQLiteNormalizedCache.statistics(largest:)`), any other
/// browsable cache (a snapshot in memory) with `of(_:largest:)`, sizing each record as a SQLite
/// cache stores it.
public struct CacheStatistics: Sendable, Equatable {
    /// One record's size.
    public struct Size: Sendable, Equatable {
        /// The record's key.
        public let key: String
        /// The length of its record JSON in bytes.
        public let bytes: Int

        public init(key: String, bytes: Int) {
            self.key = key
            self.bytes = bytes
        }
    }

    /// Records (broken rows included).
    public var records = 0
    /// Bytes of keys and record JSON together.
    public var recordBytes = 0
    /// Bytes of the file behind the cache (0 for a cache with none).
    public var fileBytes = 0
    /// The largest records by JSON size, largest first.
    public var largest: [Size] = []
    /// Record count per `__typename` (`(none)` for records without one), most first.
    public var typenames: [(typename: String, count: Int)] = []
    /// Rows that cannot be read (bad JSON, NULL key), with their error.
    public var broken: [BrokenRecord] = []

    /// Empty statistics, to be filled in.
    public init() {}

    /// Equal when every figure is (typenames compared in order).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.records == rhs.records && lhs.recordBytes == rhs.recordBytes && lhs.fileBytes == rhs.fileBytes
            && lhs.largest == rhs.largest && lhs.broken == rhs.broken
            && lhs.typenames.map(\.typename) == rhs.typenames.map(\.typename)
            && lhs.typenames.map(\.count) == rhs.typenames.map(\.count)
    }

    /// The statistics of any browsable cache, from one pass over its records; each record's
    /// size is its record JSON as a SQLite cache would store it. `fileBytes` is left 0.
    public static func of(_ cache: any BrowsableNormalizedCache, largest: Int = 10) throws -> CacheStatistics {
        var statistics = CacheStatistics()
        var sizes: [Size] = []
        var counts: [String: Int] = [:]
        try cache.forEachRecord { result in
            switch result {
            case .record(let record):
                let bytes = RecordJSON.encode(record.fields).count
                sizes.append(Size(key: record.key.rawValue, bytes: bytes))
                statistics.recordBytes += record.key.rawValue.utf8.count + bytes
                counts[record.typename ?? "(none)", default: 0] += 1
            case .broken(let broken):
                statistics.broken.append(broken)
            }
        }
        statistics.records = sizes.count + statistics.broken.count
        statistics.largest = Array(sizes.sorted { ($0.bytes, $1.key) > ($1.bytes, $0.key) }.prefix(largest))
        statistics.typenames = byCount(counts)
        return statistics
    }

    /// Typename counts, most first, then by name.
    package static func byCount(_ counts: [String: Int]) -> [(typename: String, count: Int)] {
        counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }
}
