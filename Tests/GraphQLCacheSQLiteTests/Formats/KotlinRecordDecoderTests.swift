import CacheTestSupport
import Foundation
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// Apollo Kotlin normalized cache 1.0's binary records, written by a test writer that follows
/// `RecordSerializer.serialize` and read back by CacheLens's decoder.
@Suite struct KotlinRecordDecoderTests {
    @Test func everyValueKindDecodes() throws {
        typealias W = KotlinRecordWriter
        let bytes = W.record([
            ("small", .int(7)), ("negative", .int(-3)), ("short", .int(1000)), ("int", .int(-100_000)),
            ("long0", .long(0)), ("longByte", .long(-1)), ("longShort", .long(-300)), ("longInt", .long(70000)),
            ("longLong", .long(1 << 40)), ("double", .double(-2.5)), ("number", .jsonNumber("12345678901234567890")),
            ("yes", .bool(true)), ("no", .bool(false)), ("nothing", .null), ("empty", .string("")),
            ("text", .string("héllo")), ("emptyList", .list([])), ("emptyMap", .map([])),
            ("map", .map([("a", .int(1))])), ("ref", .cacheKey("MUTATION_ROOT.like(id:1)")),
            ("refs", .list([.cacheKey("A:1"), .cacheKey("SUBSCRIPTION_ROOT.x")])),
            (#"hero({"episode":"JEDI"})"#, .error(message: "boom", path: [.string("hero")])),
            (String(repeating: "k", count: 300), .string(String(repeating: "v", count: 40_000))),
        ], metadata: [("text", [("0", .long(1_764_000_000_000))]), ("MUTATION_ROOT.like", [("1", .long(5))])])
        let decoded = try KotlinRecordDecoder.decode(key: "Thing:1", bytes: bytes)
        let record = decoded.record
        #expect(record.key == "Thing:1")
        let expected: [String: CacheValue] = [
            "small": .int(7), "negative": .int(-3), "short": .int(1000), "int": .int(-100_000), "long0": .int(0),
            "longByte": .int(-1), "longShort": .int(-300), "longInt": .int(70000), "longLong": .int(1 << 40),
            "double": .double(-2.5), "number": .double(1.2345678901234567e19), "yes": .bool(true), "no": .bool(false),
            "nothing": .null, "empty": .string(""), "text": .string("héllo"), "emptyList": .list([]), "emptyMap": .object([:]),
            "map": .object(["a": .int(1)]), "ref": .reference("MUTATION_ROOT.like(id:1)"),
            "refs": .list([.reference("A:1"), .reference("SUBSCRIPTION_ROOT.x")]),
            "hero(episode:JEDI)": .object(["message": .string("boom"), "locations": .list([]), "path": .list([.string("hero")]),
                                           "extensions": .null]),
            String(repeating: "k", count: 300): .string(String(repeating: "v", count: 40_000)),
        ]
        #expect(record.fields == expected)
        #expect(decoded.receivedMilliseconds == 1_764_000_000_000)
    }

    @Test func truncatedOrUnknownBytesAreNamedErrors() throws {
        let bytes = KotlinRecordWriter.record([("name", .string("R2-D2"))])
        #expect(throws: SQLiteError.self) { try KotlinRecordDecoder.decode(key: "K", bytes: Array(bytes.dropLast(2))) }
        #expect(throws: SQLiteError.self) { try KotlinRecordDecoder.decode(key: "K", bytes: [1, 1, 0x61, 250, 0]) }
        #expect(throws: SQLiteError.self) { try KotlinRecordDecoder.decode(key: "K", bytes: bytes + [0]) }
    }

    @Test func probeTellsTheFormatsApartAndIgnoresOtherDatabases() throws {
        let directory = try TemporaryDirectory()
        let ios = directory.path("ios.sqlite"), classic = directory.path("classic.db"), normalized = directory.path("normalized.db")
        try ApolloFormatFiles.apolloIOS(at: ios)
        try ApolloFormatFiles.apolloKotlinClassic(at: classic)
        try ApolloFormatFiles.apolloKotlinNormalized(at: normalized)
        #expect(CacheFileProbe.probe(path: ios)?.format == .apolloIOS)
        #expect(CacheFileProbe.probe(path: classic)?.format == .apolloKotlinClassic)
        let probe = try #require(CacheFileProbe.probe(path: normalized))
        #expect(probe.format == .apolloKotlinNormalized && probe.records == 5)
        #expect(probe.lastUpdated == Date(timeIntervalSince1970: Double(ApolloFormatFiles.updatedMilliseconds) / 1000))
        let emptyKotlin = directory.path("empty-classic.db")
        try SQLiteTestFile.run("CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, record TEXT NOT NULL);",
                               at: emptyKotlin)
        #expect(CacheFileProbe.probe(path: emptyKotlin)?.format == .apolloKotlinClassic)
        let other = directory.path("other.db")
        try SQLiteTestFile.run("CREATE TABLE records (id INTEGER, title TEXT);", at: other)
        #expect(CacheFileProbe.probe(path: other) == nil)
        let loaded = try #require(try ForeignSQLite.load(path: normalized))
        #expect(loaded.records.count == 5)
        #expect(loaded.records["Droid:2001"]?["friends"] == .list([.reference("Human:1000"), .reference("Human:1002")]))
        #expect(loaded.received["Droid:2001"] == Date(timeIntervalSince1970: Double(ApolloFormatFiles.receivedMilliseconds) / 1000))
        #expect(try ForeignSQLite.load(path: ios) == nil)
    }
}
