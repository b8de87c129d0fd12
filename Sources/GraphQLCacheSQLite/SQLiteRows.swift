import GraphQLCache

/// The SQL the cache runs on Apollo's `records` table, in one place so that the cache and
/// `RawSQLiteBaseline` run exactly the same statements.
enum SQLiteRows {
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

    /// Reads the rows for `keys` in batches; calls `row` with each key and its record JSON
    /// bytes (valid only during the call). A row whose record is NULL is passed as empty bytes,
    /// which the JSON decoder reports as broken.
    static func select(
        keys: [CacheKey], on connection: SQLiteConnection,
        _ row: (CacheKey, UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        var offset = 0
        let largest = min(batchSizes.last!, connection.variableLimit)
        while offset < keys.count {
            let remaining = keys.count - offset
            let batch = batchSizes.first { $0 >= remaining && $0 <= largest } ?? largest
            let sql = selectSQL(batch: batch)
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

    /// Decodes one row's record JSON (`nil` bytes mean the column is NULL).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, key: CacheKey) throws(RecordJSONError) -> Record {
        guard bytes.baseAddress != nil else { throw RecordJSONError(key: key, reason: "the record column is NULL") }
        return Record(key: key, try RecordJSON.decode(bytes, key: key))
    }

    /// Writes one record's JSON under `key`.
    static func upsert(key: CacheKey, json: [UInt8], on connection: SQLiteConnection) throws {
        try connection.withStatement(upsertSQL) { statement in
            statement.bind(key.rawValue, at: 1)
            json.withUnsafeBufferPointer { statement.bind(bytes: $0, at: 2) }
            try statement.run()
        }
    }
}
