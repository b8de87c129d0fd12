import CacheTestSupport
import Testing
@testable import GraphQLCache

/// `RecordTextCheck` vouches for a record's text only when decoding accepts it, and then names
/// the same `__typename` decoding does (`cachelens stats` counts typenames by it and decodes only
/// what it does not vouch for). Random texts, whole and damaged, are checked against decoding.
@Suite struct RecordTextCheckTests {
    private static let names = [
        "a", "id", "__typename", "__typename", "$reference", "name", "tags",
        "caf\u{E9}", "cafe\u{301}", "K", "\u{212A}", #"caf\u00e9"#, #"\u0024reference"#, "x y", "",
    ]
    private static let strings = [
        "", "Item", "Human", "caf\u{E9}", "cafe\u{301}", "\u{1F600}", #"a\"b"#, #"line\nbreak"#, #"\u00e9"#,
        #"\ud83d\ude00"#, #"\ud800"#, #"\udc00x"#, #"\x"#, "tab\there", #"\/"#, "long string of more than sixteen bytes",
    ]
    private static let numbers = [
        "0", "-0", "7", "-42", "3.25", "0.5", "123456789012345678", "1234567890123456789", "99999999999999999999",
        "1e3", "2E-2", "1e400", "1e-400", "0.000000000000000001", "01", "1.", "-", "9007199254740993",
    ]

    private func value(depth: Int, _ generator: inout SplitMix) -> String {
        switch Int.random(in: 0...(depth > 0 ? 7 : 4), using: &generator) {
        case 0: return Self.numbers.randomElement(using: &generator)!
        case 1: return "\"" + Self.strings.randomElement(using: &generator)! + "\""
        case 2: return ["true", "false", "null"].randomElement(using: &generator)!
        case 3: return "{\"$reference\":\"Item:\(Int.random(in: 0...9, using: &generator))\"}"
        case 4: return "\"s\(Int.random(in: 0...99, using: &generator))\""
        case 5: return "[" + (0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth: depth - 1, &generator) }
            .joined(separator: space(&generator) + "," + space(&generator)) + "]"
        default: return object(depth: depth - 1, &generator)
        }
    }

    private func object(depth: Int, _ generator: inout SplitMix) -> String {
        "{" + space(&generator) + (0..<Int.random(in: 0...5, using: &generator)).map { _ in
            "\"\(Self.names.randomElement(using: &generator)!)\"" + space(&generator) + ":" + space(&generator)
                + value(depth: depth, &generator)
        }.joined(separator: "," + space(&generator)) + space(&generator) + "}"
    }

    private func space(_ generator: inout SplitMix) -> String {
        Int.random(in: 0...5, using: &generator) == 0 ? [" ", "\n", "\t ", "\r\n"].randomElement(using: &generator)! : ""
    }

    /// A copy of `bytes` with one byte removed, replaced or added.
    private func damaged(_ bytes: [UInt8], _ generator: inout SplitMix) -> [UInt8] {
        var bytes = bytes
        let at = Int.random(in: 0...bytes.count, using: &generator)
        let byte = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "}"), UInt8(ascii: ","), 0x0A, 0x01, 0xC3, 0xA9, 0xFF, 0x80]
            .randomElement(using: &generator)!
        switch Int.random(in: 0...2, using: &generator) {
        case 0 where at < bytes.count: bytes.remove(at: at)
        case 1 where at < bytes.count: bytes[at] = byte
        default: bytes.insert(byte, at: at)
        }
        return bytes
    }

    private enum Verdict { case vouched, leftToDecoding }

    /// Checks `bytes` against decoding: a vouched text decodes, with the typename the check found
    /// and the field names it names (each once); one it does not vouch for is named by nothing.
    @discardableResult
    private func agree(_ bytes: [UInt8]) -> Verdict {
        bytes.withUnsafeBufferPointer { buffer in
            let names = RecordTextCheck.fieldNames(buffer)
            guard let sound = RecordTextCheck.check(buffer) else {
                #expect(names == nil, "\(String(decoding: bytes, as: UTF8.self))")
                return .leftToDecoding
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let record = Record(key: "K", try RecordJSON.decode(buffer: buffer, key: "K"))
                #expect(sound.typename.map { String(decoding: buffer[$0], as: UTF8.self) } == record.typename, "\(text)")
                #expect(names.map(Set.init) == Set(record.fields.keys), "\(text)")
                #expect(names.map { Set($0).count == $0.count } == true, "each name once: \(text)")
            } catch {
                Issue.record("vouched for \(text), which decoding refuses: \(error)")
            }
            return .vouched
        }
    }

    @Test func everyTextTheCheckVouchesForDecodesWithTheTypenameItFound() {
        var generator = SplitMix(seed: 20261128)
        var vouched = 0, left = 0, damagedVouched = 0
        for _ in 0..<6_000 {
            let bytes = Array(object(depth: 3, &generator).utf8)
            if agree(bytes) == .vouched { vouched += 1 } else { left += 1 }
            if agree(damaged(bytes, &generator)) == .vouched { damagedVouched += 1 }
        }
        // The texts mix what the check vouches for and what it leaves to decoding, so both
        // sides of the property are exercised.
        #expect(vouched > 1_000)
        #expect(left > 1_000)
        #expect(damagedVouched > 100)
    }

    @Test func recordsAsTheCacheWritesThemAreVouchedFor() throws {
        let records = [
            Record(key: "Item:1", ["__typename": .string("Item"), "id": .string("1"),
                                   "name": .string("Item 1 \u{1F600} caf\u{E9} \"quoted\"\nline"),
                                   "price": .double(3.25), "count": .int(42), "flag": .bool(true), "none": .null,
                                   "owner": .reference("User:1"), "tags": .list([.string("a"), .string("b"), .reference("Tag:x")]),
                                   "nested": .object(["inner": .list([.object(["__typename": .string("Inner"), "x": .int(-7)])])])]),
            Record(key: .queryRoot, ["items": .list((0..<50).map { .reference(CacheKey("Item:\($0)")) })]),
            Record(key: "Empty", [:]),
        ]
        for record in records {
            let bytes = RecordJSON.encode(record.fields)
            let sound = bytes.withUnsafeBufferPointer { RecordTextCheck.check($0) }
            #expect(sound != nil, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(agree(bytes) == .vouched)
            let typename = sound?.typename.map { String(decoding: bytes[$0], as: UTF8.self) }
            #expect(typename == record.typename)
        }
    }

    @Test func aRepeatedTypenameCountsByItsLastValueAsDecodingKeepsIt() {
        for (text, typename) in [(#"{"__typename":"A","__typename":"B"}"#, "B"), (#"{"__typename":"A","__typename":5}"#, nil),
                                 (#"{"__typename":5,"__typename":"C"}"#, "C"), (#"{"x":{"__typename":"Inner"}}"#, nil)] {
            let bytes = Array(text.utf8)
            let sound = bytes.withUnsafeBufferPointer { RecordTextCheck.check($0) }
            #expect(sound?.typename.map { String(decoding: bytes[$0], as: UTF8.self) } == typename, "\(text)")
            #expect(agree(bytes) == .vouched)
        }
    }

    @Test func whatOnlyDecodingCanTellIsLeftToIt() {
        let texts = [
            #"{"$reference":"K"}"#,                        // a reference, not a record
            #"{"a":{"b":1,"$reference":"K"}}"#,            // decoding refuses it
            #"{"a":{"$reference":"K","$reference":"L"}}"#, // decoding keeps the last
            #"{"a":{"$reference":5}}"#,
            "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}",          // names equal as text: refused
            #"{"K":1,"\u212A":2}"#,
            #"{"a":"\ud800"}"#, #"{"a":1e400}"#, #"{"a":1e2}"#, #"{"a":12345678901234567890}"#,
            #"{"__typename":"I\u0074em"}"#, "[1]", "{\"a\":1} x", "{\"a\":\"\u{1}\"}",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            #expect(agree(bytes) == .leftToDecoding, "\(text)")
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(agree(Array("{\"a\":\(deep)}".utf8)) == .leftToDecoding)
        for bytes: [UInt8] in [[0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x22, 0x7D], [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D],
                               [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D], [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x7D]] {
            #expect(agree(bytes) == .leftToDecoding, "\(bytes)")
        }
    }

    /// A stored row's field names: named by the check where it vouches, by decoding where it
    /// does not (a name with an escape), none for a row that is not a record.
    @Test func aStoredRowsFieldNamesAreTheFieldsDecodingFinds() {
        var rows = StoredRows()
        let texts: [String?] = [#"{"a":1,"b":{"c":2},"a":3}"#, #"{"caf\u00e9":1,"x":[{"y":2}]}"#, "{}", #"{"a": broken"#, "[1]", nil]
        for (index, text) in texts.enumerated() {
            let key = Array("Row:\(index)".utf8), record = text.map { Array($0.utf8) }
            key.withUnsafeBufferPointer { key in
                if let record { record.withUnsafeBufferPointer { rows.append(key: key, record: $0) } } else { rows.append(key: key, record: nil) }
            }
        }
        #expect(rows.fieldNames(at: 0) == ["a", "b"])
        #expect(rows.fieldNames(at: 1).map(Set.init) == ["caf\u{E9}", "x"])
        #expect(rows.fieldNames(at: 2) == [])
        #expect(rows.fieldNames(at: 3) == nil)
        #expect(rows.fieldNames(at: 4) == nil)
        #expect(rows.fieldNames(at: 5) == nil)
        #expect(rows.fields(at: 0) == ["a": .int(3), "b": .object(["c": .int(2)])])
    }
}
