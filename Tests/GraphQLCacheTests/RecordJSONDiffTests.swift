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
