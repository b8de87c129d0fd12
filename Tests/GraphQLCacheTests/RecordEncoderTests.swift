import Testing
@testable import GraphQLCache

/// The one-walk record encoder: doubles spelled exactly as `Double.description` (plus `.0` for
/// integral values) whichever path spells them, and records of any size written whole however
/// little room the writer had.
@Suite struct RecordEncoderTests {
    /// What the encoder wrote before the short-decimal path: `description`, with `.0` when it
    /// has neither a point nor an exponent.
    private static func describedText(_ value: Double) -> String {
        let text = value.description
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func encodedText(_ value: Double) -> String {
        RecordJSON.encodeString(["d": .double(value)])
    }

    @Test func shortDecimalsAndEdgeValuesAreSpelledAsDescriptionSpellsThem() {
        let edges: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2, 0.1 + 0.2, 1e-4, (1e-4).nextDown, (1e-4).nextUp, 1e-5, 0.5, 2.675, 123.99,
            -123.99, 1e15, 1e16, 2_251_799_813_685_248, (2_251_799_813_685_248.0).nextDown, 9_007_199_254_740_991,
            9_007_199_254_740_992, 4_503_599_627_370_496.5, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .pi, -.pi, 1.0 / 3.0,
            999_999_999_999.999, 0.30000000000000004, 100, 1200, 0.001, 12_345.678_9,
        ]
        for value in edges {
            #expect(Self.encodedText(value) == "{\"d\":\(Self.describedText(value))}", "\(value)")
        }
    }

    @Test func randomDecimalsAndRandomDoublesAreSpelledAsDescriptionSpellsThem() {
        var generator = SystemRandomNumberGenerator()
        var powers = [1.0]
        for _ in 1...17 { powers.append(powers[powers.count - 1] * 10) }
        for _ in 0..<20_000 {
            let digits = Int.random(in: 0...17, using: &generator)
            let significand = Double(UInt64.random(in: 0...UInt64(powers[digits]), using: &generator))
            let decimal = significand / powers[Int.random(in: 0...17, using: &generator)]
            let anyBits = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            let nearby = Double(bitPattern: (1.0e6).bitPattern &+ UInt64.random(in: 0...1 << 40, using: &generator))
            for value in [decimal, -decimal, anyBits, nearby] where value.isFinite {
                #expect(Self.encodedText(value) == "{\"d\":\(Self.describedText(value))}", "\(value)")
            }
        }
    }

    @Test func aLargeRecordIsWrittenWholeAfterSomethingElseInAWriterWithNoRoom() throws {
        var fields: [String: CacheValue] = [:]
        for index in 0..<1_000 {
            let text = String(repeating: "é\"\\\n\u{1}x", count: index % 50)
            fields["field\(index)"] = index.isMultiple(of: 2)
                ? .string(text)
                : .list([.double(Double(index) / 7), .reference(CacheKey("Item:\(index)")), .object(["t": .string(text)])])
        }
        var writer = JSONWriter(reservingCapacity: 0)
        writer.raw("[")
        #expect(RecordJSON.writeCheckingRoundTrip(fields, to: &writer))
        let bytes = writer.bytes
        #expect(bytes.first == UInt8(ascii: "["))
        #expect(try RecordJSON.decode(bytes.dropFirst(), key: "K") == fields)
        #expect(Array(bytes.dropFirst()) == RecordJSON.encode(fields))
    }

    @Test func aWriterSharedByACopyIsNotWrittenThrough() {
        var writer = JSONWriter(reservingCapacity: 1_024)
        writer.raw("a")
        let copy = writer
        RecordJSON.write(["x": .int(1)], to: &writer)
        #expect(copy.string == "a")
        #expect(writer.string == #"a{"x":1}"#)
    }
}
