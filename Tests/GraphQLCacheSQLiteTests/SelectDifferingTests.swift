import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// The merge's batched compare reports exactly the records whose stored row is absent or not the
/// same text as their JSON, each under its own slot, in batches of every size.
@Suite struct SelectDifferingTests {
    /// What one compare reported, by slot: nil for absent, else the row's bytes as text (nil
    /// bytes for a NULL column).
    private struct Report: Equatable {
        var absent: Set<Int> = []
        var stored: [Int: String?] = [:]
    }

    private static func compare(_ records: [(key: String, json: String?)], on connection: SQLiteConnection) throws -> Report {
        let buffers = records.map { $0.json.map { Array($0.utf8) } }
        var report = Report()
        try withExtendedLifetime(buffers) {
            // Each JSON laid out once and kept alive, as the merge's encodings are.
            let all = buffers.map { $0.map { bytes in UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count) } }
            defer { for buffer in all { buffer?.deallocate() } }
            for (buffer, bytes) in zip(all, buffers) where buffer != nil { _ = buffer!.initialize(from: bytes!) }
            try SQLiteRows.selectDiffering(count: records.count, on: connection, record: { slot in
                SQLiteRows.ComparedRecord(key: CacheKey(records[slot].key), json: all[slot].map { UnsafeBufferPointer($0) })
            }) { slot, row in
                #expect(report.absent.contains(slot) == false && report.stored[slot] == nil, "slot \(slot) reported twice")
                switch row {
                case .absent: report.absent.insert(slot)
                case .stored(let bytes):
                    report.stored[slot] = bytes.baseAddress == nil ? .some(nil) : String(decoding: bytes, as: UTF8.self)
                }
            }
        }
        return report
    }

    private static func file(_ directory: TemporaryDirectory, rows: [(String, String)], extraSQL: String = "") throws -> SQLiteConnection {
        let path = directory.path("compare.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: rows, extraSQL: extraSQL)
        return try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 5000)
    }

    @Test func onlyAbsentAndDifferingRowsAreReportedUnderTheirSlots() throws {
        let directory = try TemporaryDirectory()
        let connection = try Self.file(directory, rows: [("A", #"{"n":1}"#), ("B", #"{"n":2}"#), ("C", #"{"n":3}"#)])
        try connection.exec(#"INSERT INTO records (key, record) VALUES ('Null', NULL), ('Blob', CAST('{"n":5}' AS BLOB))"#,
                            context: "test setup")
        let records: [(key: String, json: String?)] = [
            ("A", #"{"n":1}"#),          // same: not reported
            ("B", #"{"n":20}"#),         // differs
            ("Missing", #"{"n":4}"#),    // no row
            ("Null", #"{"n":0}"#),       // NULL column differs from any JSON
            ("Blob", #"{"n":5}"#),       // same bytes stored as a BLOB: reported, Swift decides
            ("C", nil),                  // not compared: its row whatever it holds
            ("a", #"{"n":1}"#),          // keys match by their bytes: no row
        ]
        let report = try Self.compare(records, on: connection)
        #expect(report.absent == [2, 6])
        let stored: [Int: String?] = [1: #"{"n":2}"#, 3: String?.none, 4: #"{"n":5}"#, 5: #"{"n":3}"#]
        #expect(report.stored == stored)
    }

    /// 600 records take a statement of 512 and one of 512 padded with 424 empty rows, which
    /// report nothing; a SQLite allowing ten parameters takes statements of three records.
    @Test func batchesOfEverySizeReportTheRightSlots() throws {
        let directory = try TemporaryDirectory()
        let stored = (0..<600).filter { $0 % 3 != 0 }.map { ("Item:\($0)", #"{"n":\#($0)}"#) }
        let connection = try Self.file(directory, rows: stored)
        let records = (0..<600).map { (key: "Item:\($0)", json: Optional($0 % 5 == 0 ? #"{"n":-1}"# : #"{"n":\#($0)}"#)) }
        let expected = Report(absent: Set((0..<600).filter { $0 % 3 == 0 }),
                              stored: Dictionary(uniqueKeysWithValues: (0..<600).filter { $0 % 3 != 0 && $0 % 5 == 0 }
                                  .map { ($0, Optional(#"{"n":\#($0)}"#)) }))
        #expect(try Self.compare(records, on: connection) == expected)
        connection.variableLimit = 10
        #expect(SQLiteRows.largestDifferingBatch(on: connection) == 3)
        #expect(try Self.compare(records, on: connection) == expected)
        #expect(try Self.compare(Array(records.prefix(1)), on: connection) == Report(absent: [0]))
        #expect(try Self.compare([], on: connection) == Report())
    }
}
