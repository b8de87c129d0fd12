import Testing
@testable import GraphQLCache

/// `RecordJSON.changedFields` finds the differing fields of a stored record's JSON and the
/// canonical encoding of an incoming record with the same field keys, by value; anything else
/// is left to decoding (nil).
@Suite struct RecordJSONDiffTests {
    private func changedFields(stored: String, incoming: [String: CacheValue]) -> [String]? {
        let encoded = RecordJSON.encode(incoming)
        return Array(stored.utf8).withUnsafeBufferPointer { stored in
            encoded.withUnsafeBufferPointer { RecordJSON.changedFields(stored: stored, encoded: $0, incoming: incoming) }
        }
    }

    private let item: [String: CacheValue] = [
        "name": .string("Item 1"), "price": .double(1.5), "tags": .list([.string("a]\"}"), .string("b")]),
        "owner": .reference("User:1"), "meta": .object(["x": .list([.int(1), .object(["y": .null])])]),
    ]

    @Test func identicalTextsHaveNoChangedFields() {
        #expect(changedFields(stored: RecordJSON.encodeString(item), incoming: item) == [])
    }

    @Test func fieldsWhoseValuesDifferAreNamedInKeyOrder() {
        var stored = item
        stored["price"] = .double(2.5)
        stored["tags"] = .list([.string("a]\"}")])
        stored["owner"] = .reference("User:2")
        #expect(changedFields(stored: RecordJSON.encodeString(stored), incoming: item) == ["owner", "price", "tags"])
    }

    @Test func equalValuesSpelledDifferentlyAreNotChanges() {
        let stored = #"{ "a" : 1.50, "b":[ 1 , {"$reference" : "K"} ],"c": "x\u0079" , "d": 1.5e0 }"#
        let incoming: [String: CacheValue] = ["a": .double(1.5), "b": .list([.int(1), .reference("K")]),
                                              "c": .string("xy"), "d": .double(2)]
        #expect(changedFields(stored: stored, incoming: incoming) == ["d"])
    }

    @Test func anIntAndAnEqualDoubleDiffer() {
        #expect(changedFields(stored: #"{"a":1}"#, incoming: ["a": .double(1)]) == ["a"])
    }

    @Test func differentFieldKeysOrOrderAreLeftToDecoding() {
        #expect(changedFields(stored: #"{"a":1}"#, incoming: ["a": .int(1), "b": .int(2)]) == nil)
        #expect(changedFields(stored: #"{"a":1,"b":2,"c":3}"#, incoming: ["a": .int(1), "b": .int(2)]) == nil)
        #expect(changedFields(stored: #"{"b":2,"a":1}"#, incoming: ["a": .int(1), "b": .int(2)]) == nil)
        #expect(changedFields(stored: #"{"x":1}"#, incoming: ["a": .int(1)]) == nil)
        #expect(changedFields(stored: #"{"\u0061":1}"#, incoming: ["a": .int(1)]) == nil)
    }

    @Test func textThatIsNotOneJSONObjectIsLeftToDecoding() {
        let incoming: [String: CacheValue] = ["a": .int(1)]
        for stored in [#"{"a":1"#, #"{"a":1}x"#, #"{"a":}"#, #"{"a" 1}"#, #"["a",1]"#, "", #"{"a":"1}"#, #"{"a":[1}"#, #"{"a":1,}"#] {
            #expect(changedFields(stored: stored, incoming: incoming) == nil, "\(stored)")
        }
    }

    @Test func aDifferingMemberThatIsNotAValueIsLeftToDecoding() {
        #expect(changedFields(stored: #"{"a":nul}"#, incoming: ["a": .null]) == nil)
        #expect(changedFields(stored: #"{"a":01}"#, incoming: ["a": .int(1)]) == nil)
    }

    @Test func emptyRecordsAreEqual() {
        #expect(changedFields(stored: " { } ", incoming: [:]) == [])
    }
}

/// The shortcut of `changedFields` for texts that differ in one member's value answers exactly
/// what walking both texts member by member answers, on stored texts made by changing, respelling
/// or breaking an encoded record in many ways.
@Suite struct RecordJSONDiffShortcutTests {
    private static let incoming: [String: CacheValue] = [
        "__typename": .string("Item"), "id": .string("7"), "name": .string("Item 7"), "price": .double(12.99),
        "tags": .list([.string("a"), .string("b]\"}")]), "owner": .reference("User:7"), "count": .int(3),
        "meta": .object(["x": .list([.int(1), .null])]),
    ]

    /// Stored texts: the encoding with one value respelled, changed or broken, with several
    /// values changed, with a member added, removed or renamed, and with bytes cut or added.
    private static func storedTexts() -> [String] {
        let encoded = RecordJSON.encodeString(incoming)
        let replacements: [(String, String)] = [
            ("12.99", "12.990"), ("12.99", "13.99"), ("12.99", "1299e-2"), ("12.99", " 12.99 "), ("12.99", "\"12.99\""),
            ("12.99", "null"), ("12.99", "12.9"), ("12.99", "[12.99]"), ("12.99", "12.99,"), ("12.99", ""), (":3", ":3.0"),
            (":3", ":4"), (":3", ":30"), ("\"Item 7\"", "\"Item \\u0037\""), ("\"Item 7\"", "\"Item 8\""),
            ("\"Item 7\"", "\"Item 7"), ("User:7", "User:8"), ("{\"$reference\":\"User:7\"}", "{ \"$reference\" : \"User:7\" }"),
            ("{\"$reference\":\"User:7\"}", "\"User:7\""), ("\"a\"", "\"c\""), ("[1,null]", "[1]"), ("\"price\"", "\"prices\""),
            ("\"price\":12.99,", ""), (",\"tags\"", ",\"extra\":1,\"tags\""), ("\"id\":\"7\"", "\"id\":\"8\""),
            ("\"count\":3", "\"count\":3,\"count\":3"), ("\"Item\"", "\"Thing\""),
        ]
        var texts = [encoded, encoded + " ", " " + encoded, encoded + "x", String(encoded.dropLast()), String(encoded.dropFirst())]
        for (old, new) in replacements { texts.append(encoded.replacingOccurrences(of: old, with: new)) }
        // Two members changed at once, far apart and side by side.
        texts.append(encoded.replacingOccurrences(of: "12.99", with: "1").replacingOccurrences(of: "User:7", with: "User:1"))
        texts.append(encoded.replacingOccurrences(of: "\"Item 7\"", with: "\"x\"").replacingOccurrences(of: ":3", with: ":4"))
        return texts
    }

    @Test func theShortcutAnswersWhatTheMemberWalkAnswers() {
        let encoded = RecordJSON.encode(Self.incoming)
        for text in Self.storedTexts() {
            Array(text.utf8).withUnsafeBufferPointer { stored in
                encoded.withUnsafeBufferPointer { encoded in
                    let answer = RecordJSON.changedFields(stored: stored, encoded: encoded, incoming: Self.incoming)
                    let walked = RecordJSON.changedMembers(stored: stored, encoded: encoded, incoming: Self.incoming)
                    #expect(answer == walked, "\(text)")
                }
            }
        }
    }

    @Test func aChangedPriceIsFoundAndARespelledOneIsNot() {
        let encoded = RecordJSON.encodeString(Self.incoming)
        let changed = encoded.replacingOccurrences(of: "12.99", with: "13.5")
        let respelled = encoded.replacingOccurrences(of: "12.99", with: "12.990")
        for (text, expected) in [(changed, ["price"]), (respelled, [])] {
            let answer = Array(text.utf8).withUnsafeBufferPointer { stored in
                RecordJSON.encode(Self.incoming).withUnsafeBufferPointer {
                    RecordJSON.changedFields(stored: stored, encoded: $0, incoming: Self.incoming)
                }
            }
            #expect(answer == expected, "\(text)")
        }
    }
}
