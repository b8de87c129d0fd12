@testable import CacheDiagnostics
import CacheTestSupport
import Foundation
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// A SQLite cache is linted from its rows' text (`LintRowScanning`: the text checked, references
/// found in the bytes, only path-keyed and doubtful rows decoded); its findings must be exactly
/// those of decoding every record (`CacheLint.run(scan:source:)` over `forEachRecord`), on
/// random graphs of records with broken rows, path keys, escapes and Unicode keys among them.
@Suite struct LintRowScanTests {
    private func findingsBothWays(_ path: String, schema: String? = nil) throws -> (fast: [LintFinding], decoded: [LintFinding]) {
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let configuration = try schema.map { CacheConfiguration(schema: try CacheSchema.load(sdl: [$0])) } ?? CacheConfiguration()
        let lint = CacheLint(configuration: configuration)
        let fast = try lint.run(on: cache)
        let decoded = try lint.run(scan: { visit in try cache.forEachRecord(visit) }, source: CacheRecordSource(cache))
        return (fast, decoded)
    }

    /// Row `index` of a random file: a record of a random shape, or (one in twelve) a broken one.
    private func row(_ index: Int, keys: [String], _ generator: inout SplitMix) -> (String, String) {
        let key = keys[index]
        func reference() -> String {
            // One reference in ten names a key without a row.
            let target = Int.random(in: 0..<10, using: &generator) == 0 ? "Gone:\(Int.random(in: 0..<5, using: &generator))"
                : keys.randomElement(using: &generator)!
            return #"{"$reference":"\#(target.replacingOccurrences(of: "\"", with: "\\\""))"}"#
        }
        switch Int.random(in: 0..<12, using: &generator) {
        case 0: return (key, ["not json", "[1]", #"{"a":{"b":1,"$reference":"X"}}"#, #"{"a":1e999}"#, ""].randomElement(using: &generator)!)
        case 1: return (key, #"{"__typename":"Caf\u00e9","id":"\#(index)","next":\#(reference())}"#)
        case 2: return (key, #"{"id":"\#(index)","list":[\#(reference()),\#(reference())]}"#)
        default:
            let typename = ["Droid", "Human", "Item"].randomElement(using: &generator)!
            let name = ["R2", "caf\u{E9}", "\u{1F600}", #"quote \" and \n"#].randomElement(using: &generator)!
            return (key, #"{"__typename":"\#(typename)","id":"\#(index % 7)","name":"\#(name)","friend":\#(reference()),"n":\#(index)}"#)
        }
    }

    private func randomFile(seed: UInt64, rows: ClosedRange<Int> = 20...200, in directory: TemporaryDirectory) throws -> String {
        var generator = SplitMix(seed: seed)
        let count = Int.random(in: rows, using: &generator)
        let keys = (0..<count).map { index -> String in
            switch index % 9 {
            case 0: return index == 0 ? "QUERY_ROOT" : index == 9 ? "MUTATION_ROOT" : "Orphan:\(index)"
            case 1: return "QUERY_ROOT.hero(episode:\(index))"
            case 2: return "Droid:\(index).friends.0"
            case 3: return "caf\u{E9}:\(index)"
            case 4: return "cafe\u{301}:\(index)"
            default: return ["Droid", "Human", "Item"][index % 3] + ":\(index)"
            }
        }
        let rows = (0..<count).map { row($0, keys: keys, &generator) }
        let path = directory.path("lint-\(seed).sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: rows, extraSQL: """
            INSERT INTO records (key, record) VALUES (NULL, '{"__typename":"Lost"}');
            INSERT INTO records (key, record) VALUES ('NullRecord', NULL);
            INSERT INTO records (key, record) VALUES (CAST(X'4BFF' AS TEXT), '{"__typename":"Item"}');
            """)
        return path
    }

    @Test func findingsFromTheRowsTextAreThoseOfDecodingEveryRecord() throws {
        let directory = try TemporaryDirectory()
        var kinds = Set<LintFinding.Kind>()
        for seed in UInt64(1)...40 {
            let path = try randomFile(seed: seed, in: directory)
            let (fast, decoded) = try findingsBothWays(path)
            #expect(fast == decoded, "seed \(seed)")
            kinds.formUnion(fast.map(\.kind))
        }
        // The files hold every kind of finding, so each is compared.
        #expect(kinds == Set(LintFinding.Kind.allCases))
    }

    /// The SQLite scan checks a page on a second thread while it reads the next (`LintVerdict`):
    /// over several pages the findings, and the order of their examples, are still those of
    /// decoding every record in order.
    @Test func findingsAcrossManyPagesAreThoseOfDecodingEveryRecord() throws {
        let directory = try TemporaryDirectory()
        for seed in UInt64(41)...43 {
            let path = try randomFile(seed: seed, rows: 9_000...13_000, in: directory)
            let (fast, decoded) = try findingsBothWays(path)
            #expect(fast == decoded, "seed \(seed)")
            #expect(!fast.isEmpty)
        }
    }

    @Test func aSchemasKeyFieldsAreReadFromPathKeyedRecordsAsWhenDecoded() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("schema.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"QUERY_ROOT.hero"},"droid":{"$reference":"Droid:R2"}}"#),
            ("QUERY_ROOT.hero", #"{"__typename":"Droid","name":"R2","serial":"R2"}"#),
            ("Droid:R2", #"{"__typename":"Droid","name":"Artoo","serial":"R2"}"#),
        ])
        let (fast, decoded) = try findingsBothWays(path, schema: """
            type Query { hero: Droid droid: Droid }
            type Droid @typePolicy(keyFields: "serial") { name: String serial: String }
            """)
        #expect(fast == decoded)
        #expect(fast.map(\.kind).contains(.duplicateEntity))
    }
}
