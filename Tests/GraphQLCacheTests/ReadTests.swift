import Testing
@testable import GraphQLCache

/// Reading documents back from records: data, misses with their reasons and near misses, and
/// dependent keys, after Apollo iOS's `LoadQueryFromStoreTests` and `ReadWriteFromStoreTests`.
@Suite struct ReadTests {
    private let typed = CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"]))

    @Test func readReturnsWhatTheDocumentSelectsInSelectionOrder() throws {
        let fixture = OperationFixture(configuration: typed)
        try fixture.write("{ hero { id name } }", data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        let result = try fixture.read("{ hero { name id } }")
        #expect(result.isComplete)
        #expect(OperationFixture.text(result.data) == #"{"hero":{"name":"R2-D2","id":"2001"}}"#)
        #expect(Set(result.dependentKeys.map(\.description)) == ["QUERY_ROOT.hero", "Droid:2001.name", "Droid:2001.id"])
    }

    @Test func missingFieldMissesAtItsPath() throws {
        let fixture = OperationFixture()
        try fixture.write("{ hero { id } }", data: #"{"hero":{"id":"2001"}}"#)
        let result = try fixture.read("{ hero { id name } }")
        #expect(result.misses == [CacheMiss(path: [.field("hero"), .field("name")], recordKey: "QUERY_ROOT.hero", fieldKey: "name", reason: .missingField)])
        #expect(OperationFixture.text(result.data) == #"{"hero":{"id":"2001"}}"#)
        #expect(result.dependentKeys.contains(FieldKey(record: "QUERY_ROOT.hero", field: "name")))
    }

    @Test func otherVariablesMissAtTheFieldWithNearMisses() throws {
        let fixture = OperationFixture()
        let document = "query($episode: Episode) { hero(episode: $episode) { name } }"
        try fixture.write(document, #"{"episode":"JEDI"}"#, data: #"{"hero":{"name":"R2-D2"}}"#)
        let result = try fixture.read(document, #"{"episode":"EMPIRE"}"#)
        #expect(result.misses == [CacheMiss(path: [.field("hero"), ], recordKey: .queryRoot, fieldKey: "hero(episode:EMPIRE)",
                                            reason: .missingField, nearMisses: ["hero(episode:JEDI)"])])
        #expect(result.data == [:])
    }

    @Test func removedFriendIsADanglingReferenceAtItsIndex() throws {
        let fixture = OperationFixture(configuration: typed)
        let document = "{ hero { id name friends { id name } } }"
        try fixture.write(document, data: """
            {"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[
              {"__typename":"Human","id":"1000","name":"Luke Skywalker"},
              {"__typename":"Human","id":"1002","name":"Han Solo"},
              {"__typename":"Human","id":"1003","name":"Leia Organa"}]}}
            """)
        try fixture.cache.removeRecord(for: "Human:1003")
        let result = try fixture.read(document)
        #expect(result.misses == [CacheMiss(path: [.field("hero"), .field("friends"), .index(2)], recordKey: "Droid:2001",
                                            fieldKey: "friends", reason: .danglingReference, reference: "Human:1003")])
        #expect(result.misses[0].jsonObject["reference"] == .string("Human:1003"))
    }

    @Test func emptyCacheMissesTheRootRecord() throws {
        let result = try OperationFixture().read("{ hero { name } }")
        #expect(result.misses == [CacheMiss(path: [], recordKey: .queryRoot, fieldKey: nil, reason: .missingRecord)])
        #expect(result.data == nil)
        #expect(result.dependentKeys == [FieldKey(record: .queryRoot, field: "hero")])
    }

    @Test func nullInANonNullFieldIsANullValueMissWithASchema() throws {
        let fixture = try OperationFixture.starWars()
        try fixture.cache.merge(records: RecordSet(records: [
            Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
            Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .null, "primaryFunction": .null]),
        ]))
        let result = try fixture.read("{ hero { name ... on Droid { primaryFunction } } }")
        #expect(result.misses == [CacheMiss(path: [.field("hero"), .field("name")], recordKey: "Droid:2001", fieldKey: "name", reason: .nullValue)])
        #expect(OperationFixture.text(result.data) == #"{"hero":{"primaryFunction":null}}"#)
    }

    @Test func nullWithoutASchemaIsJustNull() throws {
        let fixture = OperationFixture()
        try fixture.write("{ hero { name } }", data: #"{"hero":{"name":null}}"#)
        let result = try fixture.read("{ hero { name } }")
        #expect(result.isComplete && OperationFixture.text(result.data) == #"{"hero":{"name":null}}"#)
    }

    @Test func valuesOfTheWrongShapeAreWrongTypeMisses() throws {
        let fixture = OperationFixture()
        try fixture.cache.merge(records: RecordSet(records: [
            Record(key: .queryRoot, ["hero": .string("not an object"), "name": .reference("X")]),
        ]))
        let result = try fixture.read("{ hero { name } name }")
        #expect(result.misses.map(\.reason) == [.wrongType, .wrongType])
        #expect(result.misses.map(\.path) == [[.field("hero")], [.field("name")]])
    }

    @Test func scalarWhereTheSchemaSaysListIsWrongType() throws {
        let fixture = try OperationFixture.starWars()
        try fixture.cache.merge(records: RecordSet(records: [
            Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
            Record(key: "Droid:2001", ["__typename": .string("Droid"), "appearsIn": .string("JEDI")]),
        ]))
        let result = try fixture.read("{ hero { appearsIn } }")
        #expect(result.misses.first?.reason == .wrongType)
    }

    @Test func nestedListsReadBack() throws {
        let fixture = OperationFixture()
        let data = #"{"scores":[[{"value":1},{"value":2}],[{"value":3}]]}"#
        try fixture.write("{ scores { value } }", data: data)
        let result = try fixture.read("{ scores { value } }")
        #expect(result.isComplete && OperationFixture.text(result.data) == data)
    }

    @Test func typeCasesReadByTypenameAndInterfaces() throws {
        let fixture = try OperationFixture.starWars()
        try fixture.write("{ hero { __typename id name ... on Droid { primaryFunction } } }",
                          data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","primaryFunction":"Astromech"}}"#)
        let result = try fixture.read("{ hero { ... on Character { name } ... on Human { homePlanet } ...D } } fragment D on Droid { primaryFunction }")
        #expect(result.isComplete)
        #expect(OperationFixture.text(result.data) == #"{"hero":{"name":"R2-D2","primaryFunction":"Astromech"}}"#)
    }

    @Test func sameFieldThroughFragmentsMergesInTheData() throws {
        let fixture = OperationFixture()
        try fixture.write("{ hero { id name } }", data: #"{"hero":{"id":"1","name":"R2"}}"#)
        let result = try fixture.read("{ hero { id } ...F } fragment F on Query { hero { name } }")
        #expect(OperationFixture.text(result.data) == #"{"hero":{"id":"1","name":"R2"}}"#)
    }

    @Test func aliasesAppearInDataAndPaths() throws {
        let fixture = OperationFixture()
        try fixture.write("{ r2: hero { name } luke: hero(episode: EMPIRE) { name } }",
                          data: #"{"r2":{"name":"R2-D2"},"luke":{"name":"Luke"}}"#)
        let result = try fixture.read("{ luke: hero(episode: EMPIRE) { name id } r2: hero { name } }")
        #expect(OperationFixture.text(result.data) == #"{"luke":{"name":"Luke"},"r2":{"name":"R2-D2"}}"#)
        #expect(result.misses.first?.path == [.field("luke"), .field("id")])
    }

    @Test func allowMissingNullableFieldsReadsAbsentNullablesAsNull() throws {
        let fixture = try OperationFixture.starWars()
        try fixture.write("{ hero { id name } }", data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        let result = try fixture.read("{ hero { name ... on Droid { primaryFunction } } }",
                                      options: ReadOptions(allowMissingNullableFields: true))
        #expect(result.isComplete && OperationFixture.text(result.data) == #"{"hero":{"name":"R2-D2","primaryFunction":null}}"#)
    }

    @Test func fragmentsReadAndWriteAtAKey() throws {
        let fixture = try OperationFixture.starWars()
        try fixture.write("fragment N on Droid { name }", data: #"{"__typename":"Droid","name":"R2-D2"}"#, at: "Droid:2001")
        let fragment = try fixture.executor.fragment(document: "fragment N on Droid { name }", fragmentName: "N")
        let result = try fixture.executor.read(fragment, at: "Droid:2001", from: CacheRecordSource(fixture.cache))
        #expect(OperationFixture.text(result.data) == #"{"name":"R2-D2"}"#)
        let absent = try fixture.executor.read(fragment, at: "Droid:1", from: CacheRecordSource(fixture.cache))
        #expect(absent.misses.first?.reason == .missingRecord && absent.misses.first?.recordKey == "Droid:1")
    }
}

extension ReadTests {
    @Test func typenameOfRootsAndKnownTypesReadsWithoutAStoredField() throws {
        let fixture = try OperationFixture.starWars()
        try fixture.cache.merge(records: RecordSet(records: [
            Record(key: .queryRoot, ["droid(id:2001)": .reference("Droid:2001")]),
            Record(key: "Droid:2001", ["name": .string("R2-D2")]),
        ]))
        let result = try fixture.read(#"{ __typename droid(id: "2001") { __typename name } }"#)
        #expect(result.isComplete)
        #expect(OperationFixture.text(result.data) == #"{"__typename":"Query","droid":{"__typename":"Droid","name":"R2-D2"}}"#)
    }

    @Test func concurrentReadsShareOneExecutor() async throws {
        let fixture = OperationFixture()
        try fixture.write("{ hero { name } }", data: #"{"hero":{"name":"R2-D2"}}"#)
        let executor = fixture.executor, cache = fixture.cache
        let names = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let operation = try executor.operation(document: "query Q\(index % 4) { hero { name } }")
                    return try executor.read(operation, from: CacheRecordSource(cache)).data?["hero"]?["name"]?.stringValue
                }
            }
            var names: [String?] = []
            for try await name in group { names.append(name) }
            return names
        }
        #expect(names.count == 32 && names.allSatisfy { $0 == "R2-D2" })
    }
}
