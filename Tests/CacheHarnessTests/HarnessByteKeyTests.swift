import Testing
import GraphQLCache
@testable import CacheHarness

/// The harness compares keys as their exact UTF-8 bytes (third edition): `Café` precomposed
/// and decomposed, `K` and the Kelvin sign, are four keys in every op that names a key.
@Suite struct HarnessByteKeyTests {
    private func run(_ lines: [String]) -> [String] { Harness.transcript(lines) }

    /// The five rows of the issue, as a harness `merge` (JSON escapes keep the bytes apart here).
    private static let merge = #"{"id":1,"op":"merge","records":{"Caf\u00e9":{"n":1},"Cafe\u0301":{"n":2},"K":{"n":3},"\u212a":{"n":4},"Other":{"n":5}}}"#

    @Test func recordsReturnsEveryKeyEqualAsTextApart() throws {
        let out = run([Self.merge, #"{"id":2,"op":"records"}"#, #"{"id":3,"op":"stats"}"#])
        #expect(out.count == 3)
        let changed = try #require(try JSONValue.parse(out[0])["changedKeys"]?.arrayValue)
        #expect(changed.count == 5)
        let records = try #require(try JSONValue.parse(out[1])["records"]?.objectValue)
        #expect(records.count == 5)
        #expect(records["Caf\u{E9}"]?["n"] == .int(1))
        #expect(records["Cafe\u{301}"]?["n"] == .int(2))
        #expect(records["K"]?["n"] == .int(3))
        #expect(records["\u{212A}"]?["n"] == .int(4))
        #expect(out[2].contains(#""records":5"#))
    }

    @Test func recordAndRemoveRecordNameOneKeyOnly() throws {
        let out = run([
            Self.merge,
            #"{"id":2,"op":"record","key":"Cafe\u0301"}"#,
            #"{"id":3,"op":"removeRecord","key":"\u212a"}"#,
            #"{"id":4,"op":"record","key":"K"}"#,
            #"{"id":5,"op":"record","key":"\u212a"}"#,
            #"{"id":6,"op":"setField","key":"Caf\u00e9","field":"n","value":10}"#,
            #"{"id":7,"op":"record","key":"Cafe\u0301"}"#,
        ])
        #expect(out[1] == #"{"id":2,"ok":true,"record":{"n":2}}"#)
        #expect(try JSONValue.parse(out[2])["removedKeys"]?.arrayValue == [.string("\u{212A}")])
        #expect(out[3] == #"{"id":4,"ok":true,"record":{"n":3}}"#)
        #expect(out[4] == #"{"id":5,"ok":true,"record":null}"#)
        #expect(out[6] == #"{"id":7,"ok":true,"record":{"n":2}}"#)
    }

    @Test func aQueryReadsBothReferencesFromTheirOwnRecords() throws {
        let out = run([
            #"{"id":1,"op":"merge","records":{"QUERY_ROOT":{"nfc":{"$reference":"Caf\u00e9"},"nfd":{"$reference":"Cafe\u0301"}},"Caf\u00e9":{"n":1},"Cafe\u0301":{"n":2}}}"#,
            #"{"id":2,"op":"read","document":"{ nfc { n } nfd { n } }"}"#,
        ])
        #expect(out[1] == #"{"id":2,"ok":true,"data":{"nfc":{"n":1},"nfd":{"n":2}}}"#)
    }
}
