import Testing
@testable import GraphQLCache

/// `FieldChanges`: a merge's changed field keys grouped by record, each key once, compared as a
/// set.
@Suite struct FieldChangesTests {
    private func key(_ record: CacheKey, _ field: String) -> FieldKey { FieldKey(record: record, field: field) }

    private func change(_ record: CacheKey, _ fields: [String]) -> FieldChanges.RecordChange {
        FieldChanges.RecordChange(record: record, fields: fields)
    }

    @Test func keysAreGroupedByRecordInFirstSeenOrderWithDuplicatesDropped() {
        let changes = FieldChanges([key("A", "x"), key("B", "y"), key("A", "z"), key("A", "x"), key("B", "y")])
        #expect(changes.records == [change("A", ["x", "z"]), change("B", ["y"])])
        #expect(changes.recordKeys == ["A", "B"])
        #expect(changes.count == 3)
    }

    @Test func countIsTheNumberOfDistinctFieldKeysOverAllRecords() {
        var changes = FieldChanges()
        #expect(changes.count == 0)
        changes.appendNew(record: "A", fields: ["x", "y", "z"])
        changes.appendNew(record: "B", fields: ["x"])
        #expect(changes.count == 4)
        #expect(Array(changes).count == 4)
        #expect(changes.underestimatedCount == 4)
    }

    @Test func equalityComparesTheKeysAsASetWhateverTheirOrder() {
        var appended = FieldChanges()
        appended.appendNew(record: "B", fields: ["y"])
        appended.appendNew(record: "A", fields: ["z", "x"])
        #expect(appended == FieldChanges([key("A", "x"), key("A", "z"), key("B", "y")]))
        #expect(appended != FieldChanges([key("A", "x"), key("A", "z"), key("B", "q")]))
        #expect(appended != FieldChanges([key("A", "x"), key("A", "z")]))
        #expect(appended != FieldChanges([key("A", "x"), key("A", "z"), key("B", "y"), key("C", "y")]))
        #expect(FieldChanges([key("A", "x"), key("B", "x")]) != FieldChanges([key("A", "x"), key("A", "y")]))
    }

    @Test func unionAddsOnlyTheKeysNotAlreadyThere() {
        var changes = FieldChanges([key("A", "x"), key("B", "y")])
        changes.formUnion([key("A", "x"), key("C", "w"), key("A", "z"), key("B", "y")])
        #expect(changes.records == [change("A", ["x", "z"]), change("B", ["y"]), change("C", ["w"])])
        #expect(changes.count == 4)
        let left: FieldChanges = [key("A", "x")]
        #expect(left.union([key("B", "y")]) == [key("A", "x"), key("B", "y")])
        #expect(left.union([]) == left)
        #expect(FieldChanges().union(left) == left)
        #expect(left.count == 1)
    }

    @Test func containsAnswersForTheRecordAndFieldTogether() {
        let changes: FieldChanges = [key("A", "x"), key("B", "y")]
        #expect(changes.contains(key("A", "x")))
        #expect(changes.contains(key("B", "y")))
        #expect(!changes.contains(key("A", "y")))
        #expect(!changes.contains(key("C", "x")))
        #expect(!FieldChanges().contains(key("A", "x")))
    }

    @Test func fieldKeysHoldEveryKeyOnce() {
        var changes = FieldChanges()
        changes.appendNew(record: "A", fields: ["x", "y"])
        changes.appendNew(record: "QUERY_ROOT", fields: ["hero(text:Luke.Skywalker)"])
        #expect(changes.fieldKeys == [key("A", "x"), key("A", "y"), key(.queryRoot, "hero(text:Luke.Skywalker)")])
        #expect(Set(changes) == changes.fieldKeys)
    }

    @Test func descriptionListsRecordDotFieldSorted() {
        let changes: FieldChanges = [key("B", "y"), key("A", "z"), key("A", "hero(episode:JEDI)")]
        #expect(changes.description == "[A.hero(episode:JEDI), A.z, B.y]")
        #expect(FieldChanges().description == "[]")
    }

    @Test func appendingARecordWithNoFieldsAddsNothing() {
        var changes = FieldChanges()
        changes.appendNew(record: "A", fields: [])
        #expect(changes.isEmpty)
        #expect(changes.records.isEmpty)
        #expect(changes.recordKeys.isEmpty)
        // The empty call did not claim the record: its fields may still be appended.
        changes.appendNew(record: "A", fields: ["x"])
        #expect(changes == [key("A", "x")])
    }

    /// Every field of a new record, added from its field dictionary, is the same changes as
    /// its names listed: counted, walked, found, compared, united and printed alike.
    @Test func allFieldsOfARecordActLikeTheirNamesListed() {
        let fields: [String: CacheValue] = ["x": .int(1), "y": .null, "hero(episode:JEDI)": .reference("H")]
        var fromFields = FieldChanges(), listed = FieldChanges()
        fromFields.appendNew(record: "A", allFieldsOf: fields)
        fromFields.appendNew(record: "B", fields: ["z"])
        fromFields.appendNew(record: "C", allFieldsOf: [:])
        listed.appendNew(record: "A", fields: ["y", "hero(episode:JEDI)", "x"])
        listed.appendNew(record: "B", fields: ["z"])
        #expect(fromFields.count == 4)
        #expect(fromFields.recordKeys == ["A", "B"])
        #expect(Set(fromFields) == Set(listed) && Array(fromFields).count == 4)
        #expect(fromFields == listed)
        #expect(fromFields.contains(key("A", "hero(episode:JEDI)")) && !fromFields.contains(key("A", "z")))
        #expect(Set(fromFields.records[0].fields) == Set(fields.keys))
        #expect(fromFields.description == "[A.hero(episode:JEDI), A.x, A.y, B.z]")
        let united = fromFields.union([key("A", "x"), key("A", "w")])
        #expect(united.count == 5 && united.contains(key("A", "w")))
    }

    @Test func anArrayLiteralGroupsAndDedupesLikeTheInitializer() {
        let changes: FieldChanges = [key("A", "x"), key("B", "y"), key("A", "x")]
        #expect(changes.count == 2)
        #expect(changes.records == [change("A", ["x"]), change("B", ["y"])])
        let empty: FieldChanges = []
        #expect(empty.isEmpty)
    }

    @Test func recordSetMergeGroupsNewAndChangedFieldsByRecord() {
        var set = RecordSet(records: [Record(key: "A", ["x": .int(1), "y": .int(1)])])
        let changes = set.merge(records: RecordSet(records: [
            Record(key: "A", ["x": .int(1), "y": .int(2)]),
            Record(key: "B", ["p": .null, "q": .bool(true)]),
        ]))
        #expect(changes == [key("A", "y"), key("B", "p"), key("B", "q")])
        #expect(changes.records.count == 2)
        #expect(set.merge(record: Record(key: "B", ["p": .null])).isEmpty)
    }

    #if DEBUG
    @Test func debugBuildsStopAnAppendOfARecordAlreadyThere() async {
        await #expect(processExitsWith: .failure) {
            var changes = FieldChanges()
            changes.appendNew(record: "A", fields: ["x"])
            changes.appendNew(record: "A", fields: ["y"])
        }
    }

    @Test func debugBuildsStopAnAppendWithARepeatedField() async {
        await #expect(processExitsWith: .failure) {
            var changes = FieldChanges()
            changes.appendNew(record: "A", fields: ["x", "x"])
        }
    }
    #endif
}
