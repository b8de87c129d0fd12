import Testing
@testable import GraphQLCache

@Suite struct MergeTests {
    @Test func newRecordReturnsEveryField() throws {
        let cache = InMemoryNormalizedCache()
        let changed = try cache.merge(records: RecordSet(records: [
            Record(key: "Droid:2001", ["name": .string("R2-D2"), "id": .string("2001")]),
        ]))
        #expect(changed == [FieldKey(record: "Droid:2001", field: "name"), FieldKey(record: "Droid:2001", field: "id")])
    }

    @Test func unchangedValueIsLeftOut() throws {
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1), "y": .string("a")])]))
        let changed = try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1), "y": .string("b")])]))
        #expect(changed == [FieldKey(record: "A", field: "y")])
    }

    @Test func fieldsNotInIncomingRecordAreKept() throws {
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1), "nickname": .null])]))
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(2)])]))
        #expect(try cache.loadRecord(forKey: "A")?.fields == ["x": .int(2), "nickname": .null])
    }

    @Test func listsAreReplacedWhole() throws {
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["l": .list([.int(1), .int(2), .int(3)])])]))
        let changed = try cache.merge(records: RecordSet(records: [Record(key: "A", ["l": .list([.int(9)])])]))
        #expect(changed == [FieldKey(record: "A", field: "l")])
        #expect(try cache.loadRecord(forKey: "A")?["l"] == .list([.int(9)]))
    }

    @Test func remergingEqualDataReturnsNothing() throws {
        let cache = InMemoryNormalizedCache()
        let set = RecordSet(records: [
            Record(key: "QUERY_ROOT", ["hero": .reference("Droid:2001")]),
            Record(key: "Droid:2001", ["name": .string("R2-D2"), "score": .double(1.5), "nan": .double(.nan)]),
        ])
        #expect(try cache.merge(records: set).count == 4)
        #expect(try cache.merge(records: set).isEmpty)
    }

    @Test func intAndDoubleAreDistinctValues() throws {
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["n": .int(1)])]))
        let changed = try cache.merge(records: RecordSet(records: [Record(key: "A", ["n": .double(1)])]))
        #expect(changed == [FieldKey(record: "A", field: "n")])
    }

    @Test func fieldKeyPrintsRecordDotField() {
        #expect(FieldKey(record: "QUERY_ROOT", field: "hero(episode:JEDI)").description == "QUERY_ROOT.hero(episode:JEDI)")
    }
}
