import Foundation

/// The same three responses' records, written in each Apollo cache format by that format's own
/// rules (docs/FORMATS.md): a hero found with an argument, its friends by reference, and an
/// object without an id stored under its path. Every format must read back the same data.
public enum ApolloFormatFiles {
    /// The query every format answers alike, and its answer.
    public static let query = "{ hero(episode: JEDI) { __typename id name owner { name } friends { id name } } }"
    public static let answer = #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","owner":{"name":"Anakin"},"#
        + #""friends":[{"id":"1000","name":"Luke Skywalker"},{"id":"1002","name":"Han Solo"}]}}"#

    /// Apollo iOS: `{"$reference": KEY}`, `hero(episode:JEDI)`.
    public static func apolloIOS(at path: String) throws {
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero(episode:JEDI)":{"$reference":"Droid:2001"}}"#),
            ("Droid:2001", #"{"__typename":"Droid","id":"2001","name":"R2-D2","owner":{"$reference":"Droid:2001.owner"},"#
                + #""friends":[{"$reference":"Human:1000"},{"$reference":"Human:1002"}]}"#),
            ("Droid:2001.owner", #"{"__typename":"Person","name":"Anakin"}"#),
            ("Human:1000", #"{"__typename":"Human","id":"1000","name":"Luke Skywalker"}"#),
            ("Human:1002", #"{"__typename":"Human","id":"1002","name":"Han Solo"}"#),
        ])
    }

    /// Apollo Kotlin's classic `SqlNormalizedCache` (`json.sq`): `ApolloCacheReference{KEY}`
    /// strings, `hero({"episode":"JEDI"})`, a key column that is not UNIQUE.
    public static func apolloKotlinClassic(at path: String) throws {
        let rows = [
            ("QUERY_ROOT", #"{"hero({\"episode\":\"JEDI\"})":"ApolloCacheReference{Droid:2001}"}"#),
            ("Droid:2001", #"{"__typename":"Droid","id":"2001","name":"R2-D2","owner":"ApolloCacheReference{Droid:2001.owner}","#
                + #""friends":["ApolloCacheReference{Human:1000}","ApolloCacheReference{Human:1002}"]}"#),
            ("Droid:2001.owner", #"{"__typename":"Person","name":"Anakin"}"#),
            ("Human:1000", #"{"__typename":"Human","id":"1000","name":"Luke Skywalker"}"#),
            ("Human:1002", #"{"__typename":"Human","id":"1002","name":"Han Solo"}"#),
        ]
        let inserts = rows.map { "INSERT INTO records (key, record) VALUES ('\(SQLiteTestFile.quote($0.0))', '\(SQLiteTestFile.quote($0.1))');" }
        try SQLiteTestFile.run("""
            CREATE TABLE records (
              _id INTEGER PRIMARY KEY AUTOINCREMENT,
              key TEXT NOT NULL,
              record TEXT NOT NULL
            );
            CREATE INDEX idx_records_key ON records(key);
            BEGIN;
            \(inserts.joined(separator: "\n"))
            COMMIT;
            """, at: path)
    }

    /// The received date written into every field's metadata of the 1.0 file (ms since 1970).
    public static let receivedMilliseconds: Int64 = 1_764_000_000_000
    /// The `updated_date` of the 1.0 file's rows.
    public static let updatedMilliseconds: Int64 = 1_764_000_100_000

    /// apollo-kotlin-normalized-cache 1.0 (`record.sq`): binary records; `Droid:2001` is split
    /// into two chunks, as `RecordDatabase.insertOrUpdateRecord` splits records over 1 MiB.
    public static func apolloKotlinNormalized(at path: String) throws {
        typealias W = KotlinRecordWriter
        func human(_ id: String, _ name: String) -> [(String, W.Value)] {
            [("__typename", .string("Human")), ("id", .string(id)), ("name", .string(name))]
        }
        let received: [(String, W.Value)] = [("0", .long(receivedMilliseconds))]
        let records: [(String, [UInt8])] = [
            ("QUERY_ROOT", W.record([(#"hero({"episode":"JEDI"})"#, .cacheKey("Droid:2001"))],
                                    metadata: [(#"hero({"episode":"JEDI"})"#, received)])),
            ("Droid:2001", W.record([("__typename", .string("Droid")), ("id", .string("2001")), ("name", .string("R2-D2")),
                                     ("owner", .cacheKey("Droid:2001.owner")),
                                     ("friends", .list([.cacheKey("Human:1000"), .cacheKey("Human:1002")]))],
                                    metadata: [("name", received)])),
            ("Droid:2001.owner", W.record([("__typename", .string("Person")), ("name", .string("Anakin"))])),
            ("Human:1000", W.record(human("1000", "Luke Skywalker"))),
            ("Human:1002", W.record(human("1002", "Han Solo"))),
        ]
        var inserts: [String] = []
        for (key, bytes) in records {
            let chunks = key == "Droid:2001" ? [Array(bytes.prefix(10)), Array(bytes.dropFirst(10))] : [bytes]
            for (index, chunk) in chunks.enumerated() {
                let hex = chunk.map { String(format: "%02X", $0) }.joined()
                inserts.append("INSERT INTO record (key, chunk_index, record, updated_date) VALUES "
                    + "('\(SQLiteTestFile.quote(key))', \(index), X'\(hex)', \(updatedMilliseconds));")
            }
        }
        try SQLiteTestFile.run("""
            CREATE TABLE record (
              key TEXT NOT NULL,
              chunk_index INTEGER NOT NULL,
              record BLOB NOT NULL,
              updated_date INTEGER NOT NULL
            );
            CREATE UNIQUE INDEX record_pk ON record(key, chunk_index);
            BEGIN;
            \(inserts.joined(separator: "\n"))
            COMMIT;
            """, at: path)
    }

    /// Apollo Client's `cache.extract()`: `ROOT_QUERY`, `{"__ref": ID}`, arguments as JSON, and
    /// the owner (no id) embedded in its parent.
    public static let apolloClientJSON = #"""
        {"ROOT_QUERY":{"__typename":"Query","hero({\"episode\":\"JEDI\"})":{"__ref":"Droid:2001"}},
         "Droid:2001":{"__typename":"Droid","id":"2001","name":"R2-D2","owner":{"__typename":"Person","name":"Anakin"},
                       "friends":[{"__ref":"Human:1000"},{"__ref":"Human:1002"}]},
         "Human:1000":{"__typename":"Human","id":"1000","name":"Luke Skywalker"},
         "Human:1002":{"__typename":"Human","id":"1002","name":"Han Solo"}}
        """#

    public static func apolloClient(at path: String) throws {
        try Data(apolloClientJSON.utf8).write(to: URL(fileURLWithPath: path))
    }
}
