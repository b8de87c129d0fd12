import Foundation
import GraphQLCache

/// What a SQLite file holds, told from its tables and a few rows without loading it: which
/// Apollo cache format, how many records, and when the newest was written (where the format
/// keeps dates). `cachelens caches` probes every SQLite file of an app this way, so a probe
/// opens read-only and reads at most a handful of rows beyond the counts.
public struct CacheFileProbe: Sendable, Equatable {
    public let format: CacheFormat
    public let records: Int
    /// The newest `updated_date` (Apollo Kotlin 1.0 only).
    public let lastUpdated: Date?

    /// How many record rows are sampled to tell Apollo iOS's JSON from Apollo Kotlin's.
    private static let sampledRows = 20

    /// The Apollo cache at `path`, or nil when the file is not one (not SQLite, Core Data or
    /// another program's database, a `records` table of some other shape).
    public static func probe(path: String) -> CacheFileProbe? {
        guard let connection = try? ForeignSQLite.open(path: path),
              let tables = try? ForeignSQLite.tables(connection) else { return nil }
        if tables.contains("record"), let probe = try? kotlinNormalized(connection, counting: true) { return probe }
        if tables.contains("records") { return try? records(connection, counting: true) }
        return nil
    }

    /// The format of the file at `path` without counting its records (a count of a big Apollo
    /// iOS file would cost every open); nil when it is not an Apollo cache or cannot be read.
    public static func format(path: String) -> CacheFormat? {
        guard let connection = try? ForeignSQLite.open(path: path) else { return nil }
        return try? format(of: connection)
    }

    /// The format of an open file, for `ForeignSQLite.load`; nil when it is not an Apollo cache.
    static func format(of connection: SQLiteConnection) throws -> CacheFormat? {
        let tables = try ForeignSQLite.tables(connection)
        if tables.contains("record"), try kotlinNormalized(connection, counting: false) != nil { return .apolloKotlinNormalized }
        if tables.contains("records") { return try records(connection, counting: false)?.format }
        return nil
    }

    private static func kotlinNormalized(_ connection: SQLiteConnection, counting: Bool) throws -> CacheFileProbe? {
        let columns = try ForeignSQLite.columns(connection, table: "record")
        guard ["key", "chunk_index", "record", "updated_date"].allSatisfy(columns.contains) else { return nil }
        guard counting else { return CacheFileProbe(format: .apolloKotlinNormalized, records: 0, lastUpdated: nil) }
        return try connection.withStatement("SELECT count(DISTINCT key), max(updated_date) FROM record") { statement in
            _ = try statement.step()
            let newest = statement.isNull(1) ? nil : Date(timeIntervalSince1970: Double(statement.int64(1)) / 1000)
            return CacheFileProbe(format: .apolloKotlinNormalized, records: Int(statement.int64(0)), lastUpdated: newest)
        }
    }

    /// A `records(key, record)` table: Apollo iOS's or classic Apollo Kotlin's, told by how the
    /// sampled rows spell references, else by the table's definition (iOS's key is UNIQUE).
    private static func records(_ connection: SQLiteConnection, counting: Bool) throws -> CacheFileProbe? {
        let columns = try ForeignSQLite.columns(connection, table: "records")
        guard columns.contains("key"), columns.contains("record") else { return nil }
        var kotlin = false, iOS = false
        // Records are JSON objects: a table none of whose sampled rows is one is another
        // program's (one broken row among them does not make an Apollo file someone else's).
        let holdsObjects = try connection.withStatement("SELECT record FROM records LIMIT \(sampledRows)") { statement in
            var rows = 0, objects = 0
            while try statement.step() {
                let text = statement.text(0) ?? ""
                rows += 1
                guard text.drop(while: \.isWhitespace).first == "{" else { continue }
                objects += 1
                kotlin = kotlin || text.contains("ApolloCacheReference{")
                iOS = iOS || text.contains("\"$reference\"")
            }
            return rows == 0 || objects > 0
        }
        guard holdsObjects else { return nil }
        if !kotlin && !iOS { kotlin = try !definition(connection).uppercased().contains("UNIQUE") }
        let format: CacheFormat = kotlin && !iOS ? .apolloKotlinClassic : .apolloIOS
        guard counting else { return CacheFileProbe(format: format, records: 0, lastUpdated: nil) }
        let count = try connection.withStatement("SELECT count(*) FROM records") { statement in
            _ = try statement.step()
            return Int(statement.int64(0))
        }
        return CacheFileProbe(format: format, records: count, lastUpdated: nil)
    }

    private static func definition(_ connection: SQLiteConnection) throws -> String {
        try connection.withStatement("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'records'") { statement in
            try statement.step() ? statement.text(0) ?? "" : ""
        }
    }
}
