import GraphQLCache
import GraphQLCacheSQLite

/// The cache a read-only command works on: a snapshot file (a path ending in `.json`, loaded
/// into memory) or a SQLite cache file (opened read-only, never written).
enum CacheFile {
    static func open(_ path: String) throws -> NormalizedCache {
        guard path.lowercased().hasSuffix(".json") else {
            return try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        }
        let records = try Snapshot.decode(try FileAccess.read(path, role: "snapshot"), source: path)
        return InMemoryNormalizedCache(records: records)
    }
}
