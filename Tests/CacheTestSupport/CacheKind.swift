import GraphQLCache
import GraphQLCacheSQLite

/// The cache backends that every cache-level (and later store-level) behaviour test runs
/// against, so that both caches are held to one specification.
public enum CacheKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory
    case sqlite

    public var description: String { rawValue }

    /// A new, empty cache; a SQLite one lives in a file inside `directory`.
    public func makeCache(in directory: TemporaryDirectory) throws -> any NormalizedCache {
        switch self {
        case .memory: return InMemoryNormalizedCache()
        case .sqlite: return try SQLiteNormalizedCache(path: directory.path("cache.sqlite"))
        }
    }

    /// A cache on the same storage as `makeCache(in:)` made: the same file for SQLite (as after
    /// a restart), `existing` itself in memory (which does not persist).
    public func reopen(_ existing: any NormalizedCache, in directory: TemporaryDirectory) throws -> any NormalizedCache {
        switch self {
        case .memory: return existing
        case .sqlite: return try SQLiteNormalizedCache(path: directory.path("cache.sqlite"))
        }
    }
}
