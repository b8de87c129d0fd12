import GraphQLCache

/// The SQL the cache runs on Apollo's `records` table, in one place so that the cache and
/// `RawSQLiteBaseline` run exactly the same statements.
package enum SQLiteRows {
    /// Apollo iOS's table, exactly as `ApolloSQLiteDatabase` creates it.
    static let createTable = """
        CREATE TABLE IF NOT EXISTS "records" ("_id" INTEGER, "key" TEXT UNIQUE, "record" TEXT, \
        PRIMARY KEY("_id" AUTOINCREMENT))
        """

    /// Insert or replace a record's JSON, keeping its `_id` when the key exists.
    static let upsertSQL = """
        INSERT INTO "records" ("key", "record") VALUES (?, ?) \
        ON CONFLICT("key") DO UPDATE SET "record" = excluded."record"
        """

    static let deleteKeySQL = #"DELETE FROM "records" WHERE "key" = ?"#

    /// Batch sizes for `IN (...)` reads: a few fixed statements, reused, the last batch padded
    /// with NULLs (which match nothing), so the statement cache stays small.
    static let batchSizes = [1, 8, 64, 512]

    static func selectSQL(batch: Int) -> String {
        let placeholders = [String](repeating: "?", count: batch).joined(separator: ",")
        return #"SELECT "key", "record" FROM "records" WHERE "key" IN ("# + placeholders + ")"
    }

    /// `selectSQL` for each of `batchSizes`, built once: building the text for every batch, and
    /// hashing a new string to find its prepared statement, cost more than the batch's lookups.
    static let selectSQLs: [String] = batchSizes.map(selectSQL(batch:))

    /// The most keys one select of `select(keys:on:_:)` binds on `connection`.
    static func largestBatch(on connection: SQLiteConnection) -> Int {
        min(batchSizes.last!, connection.variableLimit)
    }

    /// Reads the rows for `keys` in batches; calls `row` with each key and its record JSON
    /// bytes (valid only during the call). A row whose record is NULL is passed as empty bytes,
    /// which the JSON decoder reports as broken.
    package static func select(
        keys: [CacheKey], on connection: SQLiteConnection,
        _ row: (CacheKey, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        var offset = 0
        let largest = largestBatch(on: connection)
        while offset < keys.count {
            let remaining = keys.count - offset
            let batch = batchSizes.first { $0 >= remaining && $0 <= largest } ?? largest
            let sql = batchSizes.firstIndex(of: batch).map { selectSQLs[$0] } ?? selectSQL(batch: batch)
            try connection.withStatement(sql) { statement in
                for slot in 0..<batch {
                    let index = offset + slot
                    if index < keys.count { statement.bind(keys[index].rawValue, at: Int32(slot + 1)) }
                    else { statement.bindNull(at: Int32(slot + 1)) }
                }
                while try statement.step() {
                    let key = CacheKey(statement.text(0) ?? "")
                    try statement.withBytes(1) { try row(key, $0) } ?? row(key, UnsafeBufferPointer(start: nil, count: 0))
                }
            }
            offset += batch
        }
    }

    static let anyRowSQL = #"SELECT 1 FROM "records" LIMIT 1"#

    /// Whether the table holds no row, as this connection sees it (its own uncommitted writes
    /// included). Inside a write transaction no other connection can add one meanwhile.
    static func isEmpty(on connection: SQLiteConnection) throws -> Bool {
        try connection.withStatement(anyRowSQL) { statement in try !statement.step() }
    }

    /// Decodes one row's record JSON (`nil` bytes mean the column is NULL): the record, or what
    /// is wrong with the row. `names`, one per load or scan, reuses the field names of earlier rows.
    static func row(_ bytes: UnsafeBufferPointer<UInt8>, key: CacheKey, names: FieldNameTable? = nil) -> ScannedRow {
        guard bytes.baseAddress != nil else { return .broken(BrokenRecord(key: key, reason: "the record column is NULL")) }
        return RecordJSON.scannedRow(buffer: bytes, key: key, names: names)
    }

    /// Writes one record's JSON under `key`.
    package static func upsert(key: CacheKey, json: [UInt8], on connection: SQLiteConnection) throws {
        try json.withUnsafeBufferPointer { try upsert(key: key, json: $0, on: connection) }
    }

    /// Writes one record's JSON under `key` from a buffer (a slice of a merge's encodings).
    static func upsert(key: CacheKey, json: UnsafeBufferPointer<UInt8>, on connection: SQLiteConnection) throws {
        try connection.withStatement(upsertSQL) { statement in
            statement.bind(key.rawValue, at: 1)
            statement.bind(bytes: json, at: 2)
            try statement.run()
        }
    }
}
