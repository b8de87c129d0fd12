import Foundation
import GraphQLCache

/// Reading the SQLite files of Apollo Kotlin's caches into the library's records: the adapter
/// for the SQLite formats CacheLens reads but does not write (`CacheFormat.readOnlyReason`).
///
/// Classic Apollo Kotlin (apollo-kotlin `libraries/apollo-normalized-cache-sqlite`, `json.sq`):
/// `records(_id, key, record TEXT)`, one JSON object per key. Apollo Kotlin normalized cache 1.0
/// (apollo-kotlin-normalized-cache `normalized-cache-sqlite`, `record.sq`, `RecordDatabase.kt`):
/// `record(key, chunk_index, record BLOB, updated_date)`, a record's bytes split into 1 MiB
/// chunks ordered by `chunk_index`, joined before decoding (`KotlinRecordDecoder`).
public enum ForeignSQLite {
    /// The records of a foreign file, and per record its dates (Apollo Kotlin 1.0 only).
    public struct Loaded: Sendable {
        public var format: CacheFormat
        public var records = RecordSet()
        /// `updated_date` of each record, ms since 1970 turned into dates.
        public var updated: [CacheKey: Date] = [:]
        /// The latest `apollo-received-date` among each record's fields.
        public var received: [CacheKey: Date] = [:]
    }

    /// Reads every record of the Apollo Kotlin cache at `path`; nil when the file is in Apollo
    /// iOS's format (which `SQLiteNormalizedCache` opens) or is not an Apollo cache.
    public static func load(path: String) throws -> Loaded? {
        let connection = try open(path: path)
        switch try CacheFileProbe.format(of: connection) {
        case .apolloKotlinClassic?: return try loadClassic(connection)
        case .apolloKotlinNormalized?: return try loadNormalized(connection)
        default: return nil
        }
    }

    /// Opens `path` read-only, as immutable when it cannot even be locked (a read-only copy).
    static func open(path: String) throws -> SQLiteConnection {
        // Opening a FIFO or a device would block or read it: only regular files are opened.
        guard FileKind(path: path) == .regular else {
            let reason = FileKind(path: path).refusal ?? "no such file (opened read-only)"
            throw SQLiteError.cannotOpen(path: path, code: 14, message: reason)
        }
        let connection = try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: 2000)
        if (try? tables(connection)) != nil { return connection }
        return try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: 2000,
                                    immutableURI: SQLiteSchema.immutableURI(for: path))
    }

    static func tables(_ connection: SQLiteConnection) throws -> Set<String> {
        try connection.withStatement("SELECT name FROM sqlite_master WHERE type = 'table'") { statement in
            var names = Set<String>()
            while try statement.step() { names.insert(statement.text(0) ?? "") }
            return names
        }
    }

    static func columns(_ connection: SQLiteConnection, table: String) throws -> Set<String> {
        try connection.withStatement("PRAGMA table_info(\"\(table)\")") { statement in
            var names = Set<String>()
            while try statement.step() { names.insert(statement.text(1) ?? "") }
            return names
        }
    }

    private static func loadClassic(_ connection: SQLiteConnection) throws -> Loaded {
        var loaded = Loaded(format: .apolloKotlinClassic)
        try connection.withStatement("SELECT key, record FROM records ORDER BY _id") { statement in
            while try statement.step() {
                let key = statement.text(0) ?? ""
                let json = statement.withBytes(1) { Array($0) } ?? []
                do {
                    _ = loaded.records.merge(record: try ForeignRecordJSON.kotlinClassicRecord(key: key, json: json))
                } catch {
                    throw SQLiteError.unreadableRow(path: connection.path, key: key, reason: "\(error)")
                }
            }
        }
        return loaded
    }

    private static func loadNormalized(_ connection: SQLiteConnection) throws -> Loaded {
        var loaded = Loaded(format: .apolloKotlinNormalized)
        var pending: (key: String, bytes: [UInt8], updated: Int64)?
        func finish() throws {
            guard let row = pending else { return }
            let decoded: KotlinRecordDecoder.Decoded
            do { decoded = try KotlinRecordDecoder.decode(key: row.key, bytes: row.bytes) } catch {
                if case let .unreadableRow(_, key, reason) = error { throw SQLiteError.unreadableRow(path: connection.path, key: key, reason: reason) }
                throw error
            }
            _ = loaded.records.merge(record: decoded.record)
            loaded.updated[decoded.record.key] = Date(timeIntervalSince1970: Double(row.updated) / 1000)
            if let received = decoded.receivedMilliseconds {
                loaded.received[decoded.record.key] = Date(timeIntervalSince1970: Double(received) / 1000)
            }
        }
        try connection.withStatement("SELECT key, record, updated_date FROM record ORDER BY key, chunk_index") { statement in
            while try statement.step() {
                let key = statement.text(0) ?? ""
                let bytes = statement.withBytes(1) { Array($0) } ?? []
                if pending?.key == key { pending?.bytes += bytes; continue }
                try finish()
                pending = (key, bytes, statement.int64(2))
            }
            try finish()
        }
        return loaded
    }
}
