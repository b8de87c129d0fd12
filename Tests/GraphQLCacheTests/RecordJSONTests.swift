import Testing
@testable import GraphQLCache

@Suite struct RecordJSONTests {
    static let everyKind: [String: CacheValue] = [
        "null": .null, "t": .bool(true), "f": .bool(false), "int": .int(-42), "big": .int(Int.max),
        "double": .double(1.0), "frac": .double(-0.125), "tiny": .double(1e-300),
        "string": .string("quote \" backslash \\ newline \n tab \t bell \u{07} é 😀 /"),
        "ref": .reference("Droid:2001"),
        "refs": .list([.reference("A"), .list([.reference("B"), .null]), .list([])]),
        "custom": .object(["lat": .double(1.5), "tags": .list([.string("x")]), "nested": .object([:])]),
        "enums": .list([.string("NEWHOPE"), .string("EMPIRE")]),
    ]

    @Test func everyValueKindRoundTrips() throws {
        let bytes = RecordJSON.encode(Self.everyKind)
        #expect(try RecordJSON.decode(bytes, key: "K") == Self.everyKind)
    }

    @Test func apolloFormatIsRead() throws {
        let fields = try RecordJSON.decode(#"{"hero":{"$reference":"Droid:2001"},"friends":[{"$reference":"Human:1000"}],"n":null,"h":1.72,"ok":true,"e":["JEDI"]}"#, key: "QUERY_ROOT")
        #expect(fields["hero"] == .reference("Droid:2001"))
        #expect(fields["friends"] == .list([.reference("Human:1000")]))
        #expect(fields["n"] == .null)
        #expect(fields["h"] == .double(1.72))
        #expect(fields["ok"] == .bool(true))
        #expect(fields["e"] == .list([.string("JEDI")]))
    }

    @Test func doublesStayDoubles() {
        #expect(RecordJSON.encodeString(["a": .double(2), "b": .int(2)]) == #"{"a":2.0,"b":2}"#)
    }

    @Test func invalidJSONNamesTheKeyAndPosition() {
        #expect {
            try RecordJSON.decode(#"{"name": "R2-D2",}"#, key: "Droid:2001")
        } throws: { error in
            guard let broken = (error as? GraphQLCacheError)?.brokenRecord else { return false }
            return broken.key == "Droid:2001" && "\(error)".contains("Droid:2001")
                && broken.reason.contains("line 1, column 18")
        }
    }

    @Test func referenceThatIsNotAStringIsAnError() {
        #expect {
            try RecordJSON.decode(#"{"hero":{"$reference":12}}"#, key: "QUERY_ROOT")
        } throws: { error in
            ((error as? GraphQLCacheError)?.brokenRecord?.reason ?? "").contains("\"$reference\" must be a string")
        }
    }

    @Test func recordThatIsNotAnObjectIsAnError() {
        #expect { try RecordJSON.decode("[1,2]", key: "K") } throws: { ($0 as? GraphQLCacheError)?.brokenRecord != nil }
    }

    @Test func deepNestingRoundTripsWithinTheLimit() throws {
        var value = CacheValue.int(1)
        for _ in 0..<200 { value = .list([value]) }
        let fields = ["deep": value]
        #expect(try RecordJSON.decode(RecordJSON.encode(fields), key: "K") == fields)
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() {
        let text = "{\"x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect {
            try RecordJSON.decode(text, key: "K")
        } throws: { error in
            ((error as? GraphQLCacheError)?.brokenRecord?.reason ?? "").contains("nesting deeper than")
        }
    }

    @Test func invalidInputsAreRejected() {
        for text in ["", "{", #"{"a":01}"#, #"{"a":"\x"}"#, #"{"a":tru}"#, #"{"a":1} x"#, #"{"a":"\ud800"}"#, "{\"a\":\"\u{01}\"}", #"{"a":1e999}"#] {
            #expect("\(text)") { try RecordJSON.decode(text, key: "K") } throws: { ($0 as? GraphQLCacheError)?.brokenRecord != nil }
        }
    }

    @Test func unicodeEscapesDecode() throws {
        #expect(try RecordJSON.decode(#"{"a":"\u00e9\ud83d\ude00\n"}"#, key: "K") == ["a": .string("é😀\n")])
    }
}
