import CacheTestSupport
import GraphQLCache
import Testing

/// The records a query reads, kept so that a second read over them alone gives the same data
/// and the same misses; the anonymizer keeps what reads depend on.
@Suite struct RecordExtractionTests {
    static let records: [Record] = [
        Record(key: .queryRoot, ["hero(episode:JEDI)": .reference("Droid:2001"), "hero(episode:EMPIRE)": .reference("Human:1000"),
                                 "search(text:secret)": .list([.reference("Human:1003")])]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "id": .string("2001"), "name": .string("R2-D2"),
                                   "friends": .list([.reference("Human:1000"), .reference("Human:1002")]),
                                   "starship": .reference("Ship:1")]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "id": .string("1000"), "name": .string("Luke"),
                                   "mother": .reference("Human:1005")]),
        Record(key: "Human:1005", ["__typename": .string("Human"), "name": .string("Padme")]),
        Record(key: "Ship:1", ["__typename": .string("Ship"), "name": .string("Naboo")]),
        Record(key: "Human:1003", ["__typename": .string("Human"), "name": .string("Leia")]),
    ]
    static let query = "query { hero(episode: JEDI) { name friends { name } } }"

    @Test(arguments: CacheKind.allCases)
    func extractedRecordsReproduceTheReadAndItsMisses(kind: CacheKind) throws {
        let store = kind.makeStore(Self.records)
        let operation = try store.executor.operation(document: Self.query)
        let original = try store.readResult(query: operation)
        #expect(original.misses.map(\.recordKey) == ["Droid:2001"])  // its reference to Human:1002 dangles
        let extracted = try RecordExtraction.records(for: original, in: store.cache)
        let copy = CacheStore(cache: InMemoryNormalizedCache(records: extracted))
        let again = try copy.readResult(query: try copy.executor.operation(document: Self.query))
        #expect(again.data == original.data)
        #expect(again.misses == original.misses)
        // The root keeps the read field's variants (near misses) and not the rest.
        #expect(Set(extracted[.queryRoot]!.fields.keys) == ["hero(episode:JEDI)", "hero(episode:EMPIRE)"])
        #expect(extracted[CacheKey("Human:1003")] == nil)
        // The query reads two references deep: R2-D2's starship (two deep) is kept, Luke's
        // mother (three deep) is not.
        #expect(extracted[CacheKey("Ship:1")] != nil)
        #expect(extracted[CacheKey("Human:1005")] == nil)
    }

    @Test func anonymizerKeepsKeysIdsTypenamesAndShape() {
        var anonymizer = Anonymizer()
        let luke = anonymizer.anonymize(Self.records[2])
        #expect(luke.key == "Human:1000")
        #expect(luke["__typename"] == .string("Human"))
        #expect(luke["id"] == .string("1000"))
        #expect(luke["mother"] == .reference("Human:1005"))
        #expect(luke["name"] != .string("Luke"))
        let again = anonymizer.anonymize(Record(key: "X:1", ["alias": .string("Luke"), "n": .list([.int(7), .double(2.5), .bool(true)])]))
        #expect(again["alias"] == luke["name"])
        guard case .list(let items)? = again["n"] else { Issue.record("not a list"); return }
        #expect(items.count == 3)
        #expect(items[0] != .int(7))
        #expect(items[1] != .double(2.5))
        #expect(items[2] == .bool(true))
    }
}
