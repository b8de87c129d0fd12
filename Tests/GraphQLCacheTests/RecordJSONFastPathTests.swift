import Foundation
import Testing
@testable import GraphQLCache

/// The codec's fast paths (numbers without text, objects built at size, a raw byte buffer,
/// canonical encodings) give exactly what the plain paths gave.
@Suite struct RecordJSONFastPathTests {
    @Test func decimalsReadAsTheDoubleThatTheTextNames() throws {
        var texts = ["0.0", "-0.0", "1.0", "0.1", "0.3", "2.675", "-123.99", "999999999999.999", "0.000001",
                     "123456789012345.6", "1.7976931348623157", "4.35", "0.30000000000000004", "9007199254740993.0"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let digits = Int.random(in: 1...17, using: &generator)
            let fraction = Int.random(in: 1...digits, using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            text.insert(".", at: text.index(text.startIndex, offsetBy: digits - fraction))
            if text.hasPrefix(".") { text = "0" + text }
            while text.hasPrefix("0"), text.count > 1, !text.hasPrefix("0.") { text.removeFirst() }
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts {
            let decoded = try RecordJSON.decode("{\"d\":\(text)}", key: "K")["d"]
            guard case .double(let value)? = decoded, let expected = Double(text) else {
                Issue.record("\(text) did not decode as a double: \(String(describing: decoded))")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func integersKeepTheirValueUpToTheLimitsAndLargerOnesAreRefused() throws {
        let fields = try RecordJSON.decode(
            #"{"a":0,"b":-0,"c":123456789012345678,"d":9223372036854775807,"e":-9223372036854775808,"g":1e2}"#,
            key: "K")
        #expect(fields["a"] == .int(0))
        #expect(fields["b"] == .int(0))
        #expect(fields["c"] == .int(123_456_789_012_345_678))
        #expect(fields["d"] == .int(Int.max))
        #expect(fields["e"] == .int(Int.min))
        #expect(fields["g"] == .double(100))
        // One past Int.max would silently round as a double: refused, naming the number.
        #expect { try RecordJSON.decode(#"{"f":9223372036854775808}"#, key: "K") } throws: { error in
            "\(error)".contains("integer 9223372036854775808 is outside the 64-bit range")
        }
    }

    @Test func objectMembersReadLikeADictionaryWithTheLastRepeatWinning() throws {
        let fields = try RecordJSON.decode(
            #"{"one":{"a":1},"empty":{},"many":{"a":1,"b":2,"a":3},"ref":{"$reference":1,"$reference":"K"}}"#, key: "K")
        #expect(fields["one"] == .object(["a": .int(1)]))
        #expect(fields["empty"] == .object([:]))
        #expect(fields["many"] == .object(["a": .int(3), "b": .int(2)]))
        #expect(fields["ref"] == .reference("K"))
        #expect { try RecordJSON.decode(#"{"r":{"$reference":"K","x":1}}"#, key: "K") } throws: { ($0 as? GraphQLCacheError)?.brokenRecord != nil }
    }

    @Test func stringsWithAndWithoutEscapesEncodeAsBefore() {
        let fields: [String: CacheValue] = ["plain": .string("Item 12"), "mixed": .string("a\"b\\c\nd\u{01}é"), "": .string("")]
        #expect(RecordJSON.encodeString(fields) == #"{"":"","mixed":"a\"b\\c\nd\u0001é","plain":"Item 12"}"#)
    }

    @Test func aByteNeedingAnEscapeIsEscapedAtEveryPositionOfShortAndLongStrings() throws {
        let specials: [(text: String, escaped: String)] = [
            ("\u{00}", "\\u0000"), ("\u{1F}", "\\u001f"), ("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"),
            ("\u{7F}", "\u{7F}"), ("é", "é"), ("!", "!"), ("]", "]"),
        ]
        for length in 0..<20 {
            for position in 0...length {
                for special in specials {
                    let text = String(repeating: "a", count: position) + special.text + String(repeating: "b", count: length - position)
                    let expected = String(repeating: "a", count: position) + special.escaped + String(repeating: "b", count: length - position)
                    let json = RecordJSON.encodeString(["s": .string(text)])
                    #expect(json == #"{"s":""# + expected + #""}"#)
                    #expect(try RecordJSON.decode(json, key: "K") == ["s": .string(text)])
                }
            }
        }
    }

    @Test func membersAreWrittenInKeyOrderWhateverTheDictionaryOrder() {
        var fields: [String: CacheValue] = [:]
        for key in ["zeta", "alpha", "mid", "Beta", "_x", "alpha2", "a"] { fields[key] = .int(key.count) }
        #expect(RecordJSON.encodeString(fields) == #"{"Beta":4,"_x":2,"a":1,"alpha":5,"alpha2":6,"mid":3,"zeta":4}"#)
    }

    @Test func aCopiedWriterDoesNotShareItsBytes() {
        var first = JSONWriter(reservingCapacity: 4)
        first.raw("abc")
        var second = first
        second.raw("def")
        first.raw("!")
        #expect(first.string == "abc!")
        #expect(second.string == "abcdef")
        #expect(second.count == 6)
        #expect(second.withBytes { Array($0) } == Array("abcdef".utf8))
    }

    @Test func canonicalEncodingIsRefusedWhenDecodingWouldNotGiveTheFieldsBack() {
        #expect(RecordJSON.canonicalEncoding(["a": .double(1.5), "r": .reference("K")]) == RecordJSON.encode(["a": .double(1.5), "r": .reference("K")]))
        #expect(RecordJSON.canonicalEncoding(["a": .double(.nan)]) == nil)
        #expect(RecordJSON.canonicalEncoding(["a": .list([.double(.infinity)])]) == nil)
        #expect(RecordJSON.canonicalEncoding(["a": .object(["$reference": .string("K")])]) == nil)
        #expect(RecordJSON.canonicalEncoding(["a": .object(["x": .object(["$reference": .int(1)])])]) == nil)
    }

    @Test func writingWhileCheckingTheRoundTripWritesWhatEncodeWritesAndAnswersAsRoundTrips() {
        let cases: [[String: CacheValue]] = [
            [:], ["a": .double(1.5), "r": .reference("K"), "s": .string("x\"y"), "n": .null, "b": .bool(true), "i": .int(-3)],
            ["a": .double(.nan)], ["a": .list([.int(1), .double(.infinity)])], ["a": .object(["$reference": .string("K")])],
            ["a": .object(["x": .object(["$reference": .int(1)])])], ["a": .object(["x": .list([.double(2)])])],
        ]
        for fields in cases {
            var writer = JSONWriter(reservingCapacity: 0)
            writer.raw("prefix")
            let roundTrips = RecordJSON.writeCheckingRoundTrip(fields, to: &writer)
            #expect(writer.bytes == Array("prefix".utf8) + RecordJSON.encode(fields))
            #expect(roundTrips == RecordJSON.roundTrips(fields))
        }
    }
}
