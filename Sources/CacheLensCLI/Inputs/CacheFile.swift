import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// A cache a command opened, the one way every command opens one: a path ending in `.json` is
/// a snapshot (`{KEY: record}`) loaded into memory, whose changes are never written back;
/// anything else is a SQLite cache file (Apollo iOS's format). A missing or 0-byte path is
/// never turned into a cache unless the command was asked to create one, nor is a SQLite
/// database without tables (another program's, or one made by hand): `--create` makes it one.
package struct CacheFile {
    /// Whether a command may make a new cache at a path that holds none.
    package enum Creation {
        /// A missing or 0-byte path is an error naming `--create` (`explore`, read commands).
        case refused
        /// A missing path becomes a new cache; a 0-byte file is still refused (`harness`,
        /// `import`, whose contract creates missing files).
        case whenMissing
        /// A missing or 0-byte path becomes a new cache (`--create`).
        case allowed
    }

    /// The path as given.
    let path: String
    /// The cache: SQLite on the file, or in memory holding the snapshot.
    let cache: any BrowsableNormalizedCache
    /// The SQLite cache when the file is one in Apollo iOS's format; nil for a file read into memory.
    let sqlite: SQLiteNormalizedCache?
    /// The file's format, detected from its content (`CacheFile+Formats`).
    var format: CacheFormat = .apolloIOS
    /// Per record, the dates an Apollo Kotlin 1.0 file keeps (`updated_date`), else empty.
    var updated: [CacheKey: Date] = [:]
    /// Per record, the latest `apollo-received-date` of its fields (Apollo Kotlin 1.0), else empty.
    var received: [CacheKey: Date] = [:]

    /// The file's name, for titles and messages.
    var name: String { URL(fileURLWithPath: path).lastPathComponent }
    /// Whether the file is held in memory (a snapshot or another Apollo format).
    var isSnapshot: Bool { sqlite == nil }
    /// Why changes to this file are not written back, when its format is read-only.
    var readOnlyReason: String? { format.readOnlyReason }

    /// The 16 bytes every SQLite database file starts with.
    private static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Whether `path` names a snapshot rather than a SQLite file.
    static func isSnapshotPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Opens the cache at `path`; `readOnly` opens SQLite files without write access.
    static func open(_ path: String, readOnly: Bool, create: Creation = .refused) throws(CommandError) -> CacheFile {
        if isSnapshotPath(path) {
            let bytes = try InputFile.read(path, role: "snapshot")
            if bytes.starts(with: sqliteHeader) {
                throw .invalidContent(path: path, role: "snapshot", message: "\(path): a SQLite database, not a JSON snapshot "
                    + "(a path ending in .json is read as a snapshot); give it a name ending in .sqlite")
            }
            if let extract = try openApolloClientExtract(path, bytes: bytes) { return extract }
            let records: RecordSet
            do { records = try Snapshot.decode(bytes, source: path) } catch {
                throw .invalidContent(path: path, role: "snapshot", message: error.description)
            }
            return CacheFile(path: path, cache: InMemoryNormalizedCache(records: records), sqlite: nil, format: .snapshot)
        }
        try checkCreation(path, readOnly: readOnly, create: create)
        if let foreign = try openForeignSQLite(path) { return foreign }
        do {
            let options = SQLiteNormalizedCache.Options(readOnly: readOnly, startsCacheInEmptyDatabase: create == .allowed)
            let cache = try SQLiteNormalizedCache(path: path, options: options)
            return CacheFile(path: path, cache: cache, sqlite: cache)
        } catch SQLiteError.noRecordsTable(_, let tables) where tables.isEmpty && !readOnly {
            throw .tablelessDatabase(path: path)
        } catch {
            throw .cache(path: path, message: "\(error)")
        }
    }

    /// Runs `body` in one read transaction of a SQLite file, so that every page a command reads
    /// (`export`, `dump`, `lint`, `stats`) shows the file at one moment: read page by page
    /// without one, two records an app committed together came out at different versions, and
    /// a record an app rewrote meanwhile (`INSERT OR REPLACE` moves it to a new row) twice.
    /// A snapshot is in memory already.
    func readingOneSnapshot<T>(_ body: () throws -> T) throws -> T {
        guard let sqlite else { return try body() }
        return try sqlite.performAtomically(body)
    }

    /// Refuses a missing or 0-byte path unless `create` allows making a cache there.
    private static func checkCreation(_ path: String, readOnly: Bool, create: Creation) throws(CommandError) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            if readOnly { throw .noSuchFile(path: path, role: "cache") }
            if create == .refused { throw .noSuchCache(path: path) }
            return
        }
        let isEmptyFile = attributes[.type] as? FileAttributeType == .typeRegular && (attributes[.size] as? Int) == 0
        if isEmptyFile && (readOnly || create != .allowed) { throw .emptyCacheFile(path: path, creatable: !readOnly) }
    }
}
