import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// `:find` compares a number as the explorer shows it (`String(Double)`: `1e-07`, `100000.0`,
/// `0.3`), which is not always how the file wrote it (`1e-7`, `1E5`, `0.2999…98890`). The byte
/// test that picks the rows to decode must not leave such a row out: every row a full decode
/// would find is found.
@Suite struct NumberValueSearchTests {
    static let rows: [(String, String)] = [
        ("Tiny:1", #"{"x":1e-7}"#),
        ("Tiny:2", #"{"x":0.00001}"#),
        ("Big:1", #"{"x":1E5}"#),
        ("Big:3", #"{"x":10000000000000000.0}"#),
        ("Long:1", #"{"x":0.29999999999999998890}"#),
        ("Long:2", #"{"x":1234567.891234567}"#),
        ("Huge:1", #"{"x":15e299}"#),
        ("Whole:1", #"{"x":2.000}"#),
        ("Plain:1", #"{"x":4.99,"n":42}"#),
        ("Text:1", #"{"s":"1e-07 as text","t":"1000000000000000000 in a string"}"#),
    ]

    /// The keys whose values hold `text` as the explorer shows them: decoded and tested, the
    /// answer the byte test must never fall short of.
    static func decodedMatches(_ text: String) throws -> [CacheKey] {
        try rows.compactMap { key, json in
            let record = Record(key: CacheKey(key), try RecordJSON.decode(Array(json.utf8), key: CacheKey(key)))
            return ValueSearch(text: text).matches(record) ? CacheKey(key) : nil
        }
    }

    @Test(arguments: ["1e-07", "e-05", "1e-05", "100000.0", "1e+16", "0.3", "8912345", "e+300", "2.0", "4.99", "42", "1e-7", "E+1"])
    func aNumberIsFoundAsItIsShown(text: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("numbers.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.rows)
        let cache = try SQLiteNormalizedCache(path: path)
        let found = try ValueSearchSliceTests.search(cache, ValueSearch(text: text), rows: 100).matches
        #expect(Set(found) == Set(try Self.decodedMatches(text)), "\(text)")
    }

    /// The rows shown are what the decode finds; this pins a few of them so that the test
    /// above cannot pass by both sides finding nothing.
    @Test func theDecodedAnswersAreTheNumbersAsShown() throws {
        #expect(try Self.decodedMatches("1e-07") == ["Tiny:1", "Text:1"])
        #expect(try Self.decodedMatches("1e-05") == ["Tiny:2"])
        #expect(try Self.decodedMatches("100000.0") == ["Big:1"])
        #expect(try Self.decodedMatches("0.3") == ["Long:1"])
        #expect(try Self.decodedMatches("1e+16") == ["Big:3"])
    }
}
