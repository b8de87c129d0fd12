import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// Rows taken out and put back as bytes (`StoredRowWriting`, `CacheStore.removeRows` and
/// `restoreRows`): the explorer's big delete by pattern and its undo. The delete takes exactly
/// the rows `KeyPattern` matches, as they were stored (broken JSON, a NULL record, keys equal
/// as text but not as bytes); stopping it leaves every row; the restore puts each row back
/// byte for byte where its key has none, merges the record over a row written since, and the
/// store's witness and subscribers hear each as a commit.
@Suite struct StoredRowWritingTests {
    /// A hostile file: keys that only the exact test tells apart, broken rows, a NULL record, a
    /// NULL key; `Item` rows match "item", the others do not.
    static let rows: [(key: String?, record: String?)] = [
        ("Item:1", #"{"name":"one","id":"1"}"#),
        ("ITEM:2", #"{"name":"two"}"#),
        ("Item:cafe\u{301}", #"{"name":"NFD"}"#),
        ("Item:caf\u{E9}", #"{"name":"NFC"}"#),
        ("Item:3", #"{"name": not json"#),
        ("Item:4", nil),
        ("Item\u{200B}:5", #"{"name":"zero width space"}"#),
        ("Other:1", #"{"word":"kept"}"#),
        ("Person:item", #"{"n":1.50000}"#),
        (nil, #"{"null":"key"}"#),
    ]

    static func file(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("rows.sqlite")
        let values = rows.map { row in
            "(\(row.key.map { "'\(SQLiteTestFile.quote($0))'" } ?? "NULL"), \(row.record.map { "'\(SQLiteTestFile.quote($0))'" } ?? "NULL"))"
        }
        try SQLiteTestFile.run(SQLiteTestFile.apolloDDL + "INSERT INTO records (key, record) VALUES \(values.joined(separator: ", "));", at: path)
        return path
    }

    /// The rows of `rows` as key bytes to record bytes (nil: NULL), as the file's are read
    /// (`SQLiteTestFile.storedRowBytes`): keys equal as text but not as bytes stay apart.
    static func bytes(_ rows: StoredRows) -> [[UInt8]: [UInt8]?] {
        var bytes: [[UInt8]: [UInt8]?] = [:]
        for index in 0..<rows.count {
            rows.withRow(index) { key, record in bytes[Array(key)] = .some(record.map(Array.init)) }
        }
        return bytes
    }

    /// The rows whose key "item:" matches, as bytes.
    static var matching: [[UInt8]: [UInt8]?] {
        Dictionary(uniqueKeysWithValues: rows.compactMap { row in
            row.key.flatMap { KeyPattern("item:").matches(CacheKey($0)) ? (Array($0.utf8), row.record.map { Array($0.utf8) }) : nil }
        })
    }

    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theRemovalTakesExactlyTheMatchingRowsAsTheyWereStored() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.file(in: directory)
        let cache = try SQLiteNormalizedCache(path: path)
        // The listing is read first, so that the removal keeps it current (not read again).
        #expect(try cache.keys(matching: nil, offset: 0, limit: 20).count == Self.rows.count - 1)
        let rows = try cache.removeRows(matching: "item:") { _ in }
        // Six: the zero-width space keeps "Item\u{200B}:5" from matching.
        #expect(Self.matching.count == 6)
        #expect(Self.bytes(rows) == Self.matching)
        let left = try SQLiteTestFile.storedRowBytes(at: path)
        #expect(Set(left.keys) == [Self.utf8("Other:1"), Self.utf8("Person:item"), Self.utf8("Item\u{200B}:5"), []])
        // The cache's listing follows the removal.
        #expect(Set(try cache.keys(matching: nil, offset: 0, limit: 10)) == ["Other:1", "Person:item", "Item\u{200B}:5"])
    }

    @Test func aRemovalStoppedByItsProgressLeavesEveryRow() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.file(in: directory)
        let extra = (0..<5_000).map { "('Item:x\($0)', '{\"n\":\($0)}')" }.joined(separator: ", ")
        try SQLiteTestFile.run("INSERT INTO records (key, record) VALUES \(extra);", at: path)
        let before = try SQLiteTestFile.storedRowBytes(at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        var calls = 0
        #expect(throws: CancellationError.self) {
            _ = try cache.removeRows(matching: "item") { _ in
                calls += 1
                throw CancellationError()
            }
        }
        #expect(calls == 1)
        #expect(try SQLiteTestFile.storedRowBytes(at: path) == before)
        #expect(try cache.keyCount(matching: "item:x") == 5_000)
    }

    /// Put back into a file where another process wrote one of the keys since: the others go
    /// back byte for byte (broken and NULL ones too), the written one keeps its row.
    @Test func theInsertWritesEachRowWhereItsKeyHasNone() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.file(in: directory)
        let cache = try SQLiteNormalizedCache(path: path)
        let before = try SQLiteTestFile.storedRowBytes(at: path)
        let rows = try cache.removeRows(matching: "item:") { _ in }
        try SQLiteTestFile.run(#"INSERT INTO records (key, record) VALUES ('ITEM:2', '{"name":"written since"}');"#, at: path)
        let written = try cache.performAtomically { try cache.insertRowsWhereAbsent(rows) { _ in } }
        #expect(Set(written.map { Array(rows.keys[$0].rawValue.utf8) }) == Set(Self.matching.keys).subtracting([Self.utf8("ITEM:2")]))
        var expected = before
        expected[Self.utf8("ITEM:2")] = .some(Self.utf8(#"{"name":"written since"}"#))
        #expect(try SQLiteTestFile.storedRowBytes(at: path) == expected)
        #expect(try cache.keyCount(matching: nil) == Self.rows.count - 1)
    }

    /// Put back, a thousand rows take their places in a listing built before (their batch is
    /// sorted beside the writing when every row goes back, after it when one does not).
    @Test(arguments: [false, true])
    func theListingTakesTheRowsPutBackInNaturalOrder(oneWrittenSince: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: RecordSet(records: (0..<1_000).reversed().map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0)]) }
            + [Record(key: "Other:1", ["n": .int(0)])]))
        let order = try cache.keys(matching: nil, offset: 0, limit: 2_000)
        #expect(order.first == "Item:0" && order[10] == "Item:10" && order.last == "Other:1")
        let rows = try cache.removeRows(matching: "Item:") { _ in }
        #expect(try cache.keys(matching: nil, offset: 0, limit: 2_000) == ["Other:1"])
        if oneWrittenSince { try SQLiteTestFile.run(#"INSERT INTO records (key, record) VALUES ('Item:5', '{"n":5}');"#, at: path) }
        let written = try cache.performAtomically { try cache.insertRowsWhereAbsent(rows) { _ in } }
        #expect(written.count == (oneWrittenSince ? 999 : 1_000))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 2_000) == order)
    }

    /// A row whose key or record SQLite holds as a BLOB (written so by another program: the
    /// columns' TEXT affinity leaves a blob as it is) goes back as a blob, not as a text of the
    /// same bytes: lookups by a text key tell the two apart.
    @Test func rowsStoredAsBlobsGoBackAsBlobs() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.file(in: directory)
        try SQLiteTestFile.run("""
            INSERT INTO records (key, record) VALUES ('Item:blob record', CAST('{"name":"blob"}' AS BLOB));
            INSERT INTO records (key, record) VALUES (CAST('Item:blob key' AS BLOB), '{"name":"blob key"}');
            """, at: path)
        let typesSQL = #"SELECT group_concat(hex("key") || ' ' || typeof("key") || ' ' || typeof("record"), ', ') FROM (SELECT * FROM "records" ORDER BY hex("key"))"#
        let types = { try SQLiteTestFile.scalar(typesSQL, at: path) ?? "" }
        let before = try types()
        #expect(before.contains("blob text") && before.contains("text blob"))
        let cache = try SQLiteNormalizedCache(path: path)
        let rows = try cache.removeRows(matching: "item:") { _ in }
        #expect(rows.count == Self.matching.count + 2)
        _ = try cache.performAtomically { try cache.insertRowsWhereAbsent(rows) { _ in } }
        #expect(try types() == before)
    }

    /// The witness of a store, recording what it is handed.
    private final class Witness: CommitWitness, Sendable {
        let handed = Mutex<[(CacheChange, CommittedRows?)]>([])
        func willCommit(_ change: CacheChange) {}
        func didCommit(_ change: CacheChange) { handed.withLock { $0.append((change, nil)) } }
        func didCommit(_ change: CacheChange, rows: CommittedRows) { handed.withLock { $0.append((change, rows)) } }
    }

    @Test func theStoreReportsTheRemovalAndTheRestoreAndMergesOverARowWrittenSince() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.file(in: directory)
        let store = CacheStore(cache: try SQLiteNormalizedCache(path: path))
        let witness = Witness()
        store.setCommitWitness(witness)
        let heard = Mutex<[CacheChange]>([])
        let subscription = store.subscribe { change in heard.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        let origin = store.makeOrigin()
        let removed = try #require(try store.removeRows(matching: "item:", origin: origin) { _ in })
        #expect(!removed.change.removedRecordKeys.isSetMade, "the removed keys are distinct: no set is made of them")
        #expect(removed.change.removedRecords == Set(Self.matching.keys.map { CacheKey(String(decoding: $0, as: UTF8.self)) }))
        #expect(removed.change.removedRecords.count == Self.matching.count)
        #expect(removed.change.origin == origin)

        try SQLiteTestFile.run(#"INSERT INTO records (key, record) VALUES ('Item:1', '{"id":"1","price":3}');"#, at: path)
        let rows = removed.rows
        let names = (0..<rows.count).map { rows.fieldNames(at: $0) }
        let change = try #require(try store.restoreRows(rows, fieldNames: { names }, origin: origin) { _ in })
        // The written records name every field; the one merged over names what it changed.
        #expect(change.changedFields.contains(FieldKey(record: "ITEM:2", field: "name")))
        #expect(change.changedFields.contains(FieldKey(record: "Item:1", field: "name")))
        #expect(!change.changedFields.contains(FieldKey(record: "Item:1", field: "id")))
        #expect(try store.loadRecord(forKey: "Item:1")?.fields == ["id": .string("1"), "name": .string("one"), "price": .int(3)])
        #expect(try SQLiteTestFile.storedRowBytes(at: path)[Self.utf8("Item:3")] == .some(Self.utf8(#"{"name": not json"#)))
        #expect(try SQLiteTestFile.storedRowBytes(at: path)[Self.utf8("Item:4")] == .some(nil))

        let handed = witness.handed.withLock { $0 }
        #expect(handed.count == 2)
        guard handed.count == 2, case .removed(let witnessedRows)? = handed[0].1,
              case .restored(_, let written, _, let merged)? = handed[1].1 else {
            Issue.record("the witness was not handed the rows: \(handed.map(\.1))")
            return
        }
        #expect(witnessedRows == rows)
        #expect(written.count == rows.count - 1)
        #expect(merged == ["Item:1"])
        #expect(heard.withLock { $0 } == [removed.change, change])
    }
}
