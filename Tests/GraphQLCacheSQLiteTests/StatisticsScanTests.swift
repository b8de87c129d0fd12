import CacheTestSupport
import Foundation
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// `statistics(largest:)` reads the file once and finds typenames by checking each row's text;
/// its figures must be those of the SQL it replaced (`count(*)`, the summed byte lengths, the
/// largest rows by `ORDER BY length DESC, key`) and of decoding every row (typename counts,
/// broken rows), on a file of hostile rows as much as a sound one.
@Suite struct StatisticsScanTests {
    /// What the statistics were before: SQL for the figures, the browsing scan for the rest.
    private func expected(_ cache: SQLiteNormalizedCache, path: String, largest: Int) throws -> CacheStatistics {
        var statistics = CacheStatistics()
        let connection = try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: 5000)
        try connection.withStatement(#"SELECT count(*), coalesce(sum(length(CAST("key" AS BLOB)) + length(CAST("record" AS BLOB))), 0) FROM "records""#) { statement in
            _ = try statement.step()
            statistics.records = Int(statement.int64(0))
            statistics.recordBytes = Int(statement.int64(1))
        }
        try connection.withStatement("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") { statement in
            _ = try statement.step()
            statistics.fileBytes = Int(statement.int64(0))
        }
        try connection.withStatement(#"SELECT "key", length(CAST("record" AS BLOB)) AS size FROM "records" WHERE "key" IS NOT NULL ORDER BY size DESC, "key" LIMIT ?"#) { statement in
            statement.bind(Int64(largest), at: 1)
            while try statement.step() {
                statistics.largest.append(.init(key: statement.text(0) ?? "", bytes: Int(statement.int64(1))))
            }
        }
        var counts: [String: Int] = [:]
        try cache.forEachRecord { row in
            switch row {
            case .record(let record): counts[record.typename ?? "(none)", default: 0] += 1
            case .broken(let broken): statistics.broken.append(broken)
            }
        }
        statistics.typenames = CacheStatistics.byCount(counts)
        return statistics
    }

    private func hostileFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("hostile.sqlite")
        var rows: [(String, String)] = (0..<1_500).map { index in
            let typename = ["Item", "User", "Tag"][index % 3]
            return ("\(typename):\(index)", #"{"__typename":"\#(typename)","id":"\#(index)","n":\#(index % 7)}"#)
        }
        rows += [
            ("caf\u{E9}", #"{"__typename":"Caf\u00e9","x":1}"#),          // a typename with an escape
            ("cafe\u{301}", "{\"__typename\":\"Caf\u{E9}\",\"x\":1}"),    // the same, as bytes
            ("Twice", #"{"__typename":"A","__typename":"B"}"#),
            ("NotString", #"{"__typename":5}"#),
            ("NoTypename", #"{"a":{"$reference":"Item:1"}}"#),
            ("NotJSON", "not json"),
            ("NotObject", "[1,2]"),
            ("Reference", #"{"$reference":"Item:1"}"#),
            ("Clash", "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}"),
            ("Exponent", #"{"__typename":"Item","x":1e2}"#),
            ("TooBig", #"{"__typename":"Item","x":123456789012345678901}"#),
            ("Empty", ""),
            ("Same size A", #"{"__typename":"Wide","pad":"\#(String(repeating: "x", count: 300))"}"#),
            ("Same size B", #"{"__typename":"Wide","pad":"\#(String(repeating: "y", count: 300))"}"#),
            ("Same size \u{E9}", #"{"__typename":"Wide","pad":"\#(String(repeating: "z", count: 300))"}"#),
        ]
        try SQLiteTestFile.apolloFile(at: path, rows: rows, extraSQL: """
            INSERT INTO records (key, record) VALUES (NULL, '{"__typename":"Lost"}');
            INSERT INTO records (key, record) VALUES ('NullRecord', NULL);
            INSERT INTO records (key, record) VALUES (CAST(X'4BFF' AS TEXT), '{"__typename":"Item"}');
            INSERT INTO records (key, record) VALUES ('Number', 12345);
            INSERT INTO records (key, record) VALUES (NULL, NULL);
            """)
        return path
    }

    @Test func aHostileFilesStatisticsAreThoseOfTheSQLAndOfDecodingEveryRow() throws {
        let directory = try TemporaryDirectory()
        let path = try hostileFile(in: directory)
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        for largest in [0, 1, 3, 10, 5_000] {
            let found = try cache.statistics(largest: largest)
            let expected = try expected(cache, path: path, largest: largest)
            #expect(found == expected, "largest \(largest)")
            #expect(found.largest.map(\.key) == expected.largest.map(\.key), "largest \(largest)")
            #expect(found.broken.map(\.description) == expected.broken.map(\.description))
        }
        let statistics = try cache.statistics(largest: 3)
        #expect(statistics.records == 1_520)
        #expect(statistics.largest.map(\.key) == ["Same size A", "Same size B", "Same size \u{E9}"])
        #expect(statistics.broken.count == 11)
        let counts = Dictionary(uniqueKeysWithValues: statistics.typenames.map { ($0.typename, $0.count) })
        #expect(counts["Caf\u{E9}"] == 2)
        #expect(counts["B"] == 1 && counts["A"] == nil)
        #expect(counts["(none)"] == 2)
    }

    /// Each page's rows are checked partly by the scanning thread and partly by the second one:
    /// broken rows spread over every part of several pages come out in row order, and the
    /// typenames both threads counted add up.
    @Test func brokenRowsSpreadOverEveryPageComeOutInRowOrder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("spread.sqlite")
        let rows: [(String, String)] = (0..<3_000).map { index in
            index % 97 == 5 ? ("Broken:\(index)", #"{"name": broken"#)
                : ("\(index % 2 == 0 ? "Item" : "User"):\(index)", #"{"__typename":"\#(index % 2 == 0 ? "Item" : "User")","id":"\#(index)"}"#)
        }
        try SQLiteTestFile.apolloFile(at: path, rows: rows, extraSQL: "INSERT INTO records (key, record) VALUES ('NullRecord', NULL);")
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let found = try cache.statistics(largest: 2)
        let expected = try expected(cache, path: path, largest: 2)
        #expect(found == expected)
        #expect(found.broken.map(\.description) == expected.broken.map(\.description))
        #expect(found.broken.count == 32)
        // The NULL record is inserted first (`extraSQL` comes before the rows).
        #expect(found.broken.first?.key == "NullRecord" && found.broken[1].key == "Broken:5" && found.broken.last?.key == "Broken:2915")
    }

    @Test func aSoundFilesStatisticsAreThoseOfTheSQLAndOfDecodingEveryRow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("sound.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        let records = (0..<3_000).map { index in
            Record(key: CacheKey("Item:\(index)"), ["__typename": .string(index % 5 == 0 ? "Special" : "Item"),
                                                  "name": .string(String(repeating: "n", count: index % 97)),
                                                  "owner": .reference(CacheKey("User:\(index % 10)"))])
        }
        try cache.merge(records: RecordSet(records: records))
        let found = try cache.statistics(largest: 10)
        #expect(found == (try expected(cache, path: path, largest: 10)))
        #expect(found.typenames.map(\.typename) == ["Item", "Special"])
        #expect(found.typenames.map(\.count) == [2_400, 600])
    }

    /// The checks run on a second thread a page behind the reading: a tear met after many pages
    /// were handed over still ends the scan with the error, once that thread is done.
    @Test(.timeLimit(.minutes(1))) func aTearMetAfterManyPagesEndsTheScanAsMalformed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("torn.sqlite")
        let rows = try TornFile.make(at: path, rows: 4_000, nearTheEnd: true)
        #expect(rows > SQLiteNormalizedCache.scanPageSize * 4)
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let error = #expect(throws: SQLiteError.self) { try cache.statistics(largest: 3) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("database disk image is malformed"))
    }
}
