import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// What `cachelens stats` prints about a cache file, SQLite or snapshot alike: records, bytes,
/// the largest records, counts by typename and the rows that cannot be read.
struct CacheSummary {
    var records = 0
    /// Bytes of keys and record JSON together.
    var recordBytes = 0
    /// Bytes of the file on disk.
    var fileBytes = 0
    var largest: [(key: String, bytes: Int)] = []
    var typenames: [(typename: String, count: Int)] = []
    var broken: [String] = []

    /// The summary of `file`, with the `top` largest records.
    static func of(_ file: CacheFile, top: Int) throws -> CacheSummary {
        if let sqlite = file.sqlite {
            let statistics = try sqlite.statistics(largest: top)
            return CacheSummary(records: statistics.records, recordBytes: statistics.recordBytes, fileBytes: statistics.fileBytes,
                                largest: statistics.largest.map { ($0.key, $0.bytes) }, typenames: statistics.typenames,
                                broken: statistics.broken.map(\.description))
        }
        return try ofSnapshot(file, top: top)
    }

    /// A snapshot's figures: record JSON sizes as a SQLite cache would store them.
    private static func ofSnapshot(_ file: CacheFile, top: Int) throws -> CacheSummary {
        var summary = CacheSummary()
        var sizes: [(key: String, bytes: Int)] = []
        var counts: [String: Int] = [:]
        try file.cache.forEachRecord { result in
            guard case .record(let record) = result else { return }
            let bytes = RecordJSON.encode(record.fields).count
            sizes.append((record.key.rawValue, bytes))
            summary.recordBytes += record.key.rawValue.utf8.count + bytes
            counts[record.typename ?? "(none)", default: 0] += 1
        }
        summary.records = sizes.count
        summary.fileBytes = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
        summary.largest = Array(sizes.sorted { ($0.bytes, $1.key) > ($1.bytes, $0.key) }.prefix(top))
        summary.typenames = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { ($0.key, $0.value) }
        return summary
    }
}
