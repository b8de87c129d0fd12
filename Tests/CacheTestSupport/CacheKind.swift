import GraphQLCache
import GraphQLCacheSQLite

/// The cache backends that every cache-level and store-level behaviour test runs against
/// (`@Test(arguments: CacheKind.allCases)`), so that both caches are held to one specification.
public enum CacheKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory
    case sqlite

    public var description: String { rawValue }

    /// A new, empty cache; a SQLite one lives in a file inside `directory`.
    public func makeCache(in directory: TemporaryDirectory) throws -> any BrowsableNormalizedCache {
        switch self {
        case .memory: return InMemoryNormalizedCache()
        case .sqlite: return try SQLiteNormalizedCache(path: directory.path("cache.sqlite"))
        }
    }

    /// A cache on the same storage as `makeCache(in:)` made: the same file for SQLite (as after
    /// a restart), `existing` itself in memory (which does not persist).
    public func reopen(_ existing: any BrowsableNormalizedCache, in directory: TemporaryDirectory) throws -> any BrowsableNormalizedCache {
        switch self {
        case .memory: return existing
        case .sqlite: return try SQLiteNormalizedCache(path: directory.path("cache.sqlite"))
        }
    }

    /// A new cache holding `records`; a SQLite one in a new file of the process's
    /// `ScratchFiles` folder. A cache that cannot be made is a broken test environment, so it
    /// stops the test run with the reason.
    public func makeCache(_ records: [Record] = []) -> any BrowsableNormalizedCache {
        switch self {
        case .memory:
            return InMemoryNormalizedCache(records: RecordSet(records: records))
        case .sqlite:
            do {
                let cache = try SQLiteNormalizedCache(path: ScratchFiles.newDatabasePath())
                try cache.merge(records: RecordSet(records: records))
                return cache
            } catch {
                preconditionFailure("cannot make a SQLite cache for a test: \(error)")
            }
        }
    }

    /// A store over `makeCache(records)`.
    public func makeStore(_ records: [Record] = []) -> CacheStore {
        CacheStore(cache: makeCache(records))
    }
}
