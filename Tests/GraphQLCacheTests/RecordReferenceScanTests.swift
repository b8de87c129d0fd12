import CacheTestSupport
import Testing
@testable import GraphQLCache

/// `RecordJSON.forEachReference`: where it answers (true), the references it finds in the
/// bytes are exactly the decoded record's `referencedKeys`; where it cannot be sure it says so.
@Suite struct RecordReferenceScanTests {
    private func scanned(_ text: String, lenient: Bool = false) -> [String]? {
        var found: [String] = []
        let exact = Array(text.utf8).withUnsafeBufferPointer { json in
            RecordJSON.forEachReference(in: json, lenient: lenient) { found.append(String(decoding: $0, as: UTF8.self)) }
        }
        return exact ? found.sorted() : nil
    }

    private func decoded(_ text: String) throws -> [String] {
        try RecordJSON.decode(text, key: "Row:1").values.flatMap(\.referencedKeys).map(\.rawValue).sorted()
    }

    static let texts = [
        #"{"a":{"$reference":"Item:1"},"b":[{"$reference":"Item:2"},null,[{"$reference":"Item:3"}]]}"#,
        #"{ "a" : { "$reference" : "Item:1" } }"#,
        #"{"name":"$reference","n":1}"#,
        #"{"json":{"inner":{"$reference":"Item:9"}}}"#,
        #"{"s":"{\"$reference\":\"Item:9\"}"}"#,
        #"{"a":{"$reference":"Image:http:\/\/x"}}"#,
        #"{"a":{"\u0024reference":"Item:1"}}"#,
        #"{"a":{"$reference":"日本:1"}}"#,
        #"{"a":{"$reference":1}}"#,
        #"{"a":{"$reference":"Item:1","b":2}}"#,
        #"{"$reference":"Item:1"}"#,
        #"[{"$reference":"Item:1"}]"#,
        #"{}"#,
        #"{"a":{"$reference":"Brace:{1}"},"b":[[{ "$reference" : "Item:2" }]]}"#,
        #"{"a":"x{","b":{"$reference":"Item:1"}}"#,
    ]

    @Test(arguments: texts)
    func whatTheScanAnswersIsWhatDecodingFinds(_ text: String) throws {
        guard let found = scanned(text) else { return }
        #expect(found == (try decoded(text)))
    }

    /// The texts a byte scan cannot speak for are decoded by the caller.
    @Test func escapesObjectValuesAndNonRecordsAreLeftToTheDecoder() {
        #expect(scanned(Self.texts[3]) == nil)
        #expect(scanned(Self.texts[4]) == nil)
        #expect(scanned(Self.texts[5]) == nil)
        #expect(scanned(Self.texts[6]) == nil)
        #expect(scanned(Self.texts[8]) == nil)
        #expect(scanned(Self.texts[10]) == nil)
        #expect(scanned(Self.texts[0]) == ["Item:1", "Item:2", "Item:3"])
        #expect(scanned(Self.texts[7]) == ["日本:1"])
        #expect(scanned(Self.texts[14]) == nil)
    }

    /// A `{` inside a reference's key is part of the key; references in lists of lists are found.
    @Test func aBraceInsideAReferencesKeyIsPartOfTheKey() {
        #expect(scanned(Self.texts[13]) == ["Brace:{1}", "Item:2"])
    }

    /// Records as the cache writes them, with references in fields, lists and objects.
    @Test(arguments: 0..<50)
    func encodedRecordsScanAsTheyDecode(seed: Int) throws {
        var generator = SplitMix(seed: UInt64(seed))
        var fields: [String: CacheValue] = [:]
        for index in 0..<Int.random(in: 1...6, using: &generator) {
            fields["f\(index)"] = Self.value(depth: 0, using: &generator)
        }
        let text = RecordJSON.encodeString(fields)
        guard let found = scanned(text) else { return }
        #expect(found == (try decoded(text)), "\(text)")
    }

    private static func value(depth: Int, using generator: inout SplitMix) -> CacheValue {
        switch Int.random(in: 0..<(depth > 2 ? 3 : 6), using: &generator) {
        case 0: return .string(["plain", "{brace", "$reference", #"q"uote"#][Int.random(in: 0..<4, using: &generator)])
        case 1: return .int(Int.random(in: 0..<100, using: &generator))
        case 2: return .reference(CacheKey("Item:\(Int.random(in: 0..<100, using: &generator))"))
        case 3: return .list((0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth: depth + 1, using: &generator) })
        case 4: return .object(["x": value(depth: depth + 1, using: &generator)])
        default: return .null
        }
    }
}
