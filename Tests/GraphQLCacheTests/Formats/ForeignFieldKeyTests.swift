@testable import GraphQLCache
import Testing

/// Field keys of Apollo Kotlin and Apollo Client (arguments as JSON) read in Apollo iOS's
/// spelling, checked against the examples those projects' own sources and tests give.
@Suite struct ForeignFieldKeyTests {
    @Test(arguments: [
        // apollo-client src/utilities/internal/__tests__/getStoreKeyName.test.ts
        (#"someField({"prop1":"value1","prop2":"value2"})"#, "someField(prop1:value1,prop2:value2)"),
        // apollo-kotlin CompiledField.nameWithArguments's documentation
        (#"hero({"episode": "Jedi"})"#, "hero(episode:Jedi)"),
        // members in any order give the order-independent key, as Apollo iOS sorts them
        (#"someField({"prop2":"value2","prop1":"value1"})"#, "someField(prop1:value1,prop2:value2)"),
        (#"search({"filter":{"b":1,"a":"x"},"first":10})"#, "search([filter:a:x,b:1],first:10)"),
        (#"f({"ids":[1,2],"on":true,"none":null})"#, "f(ids:[1, 2],none:null,on:true)"),
        (#"q({"text":"a)b"})"#, "q(text:a)b)"),
        (#"feed({"type":"TOP"})@live"#, "feed(type:TOP)@live"),
        ("hero", "hero"),
        ("hero(episode:JEDI)", "hero(episode:JEDI)"),
        ("broken({\"a\":", "broken({\"a\":"),
        ("empty({})", "empty"),
    ])
    func jsonArgumentsTakeApolloIOSSpelling(_ key: String, _ expected: String) {
        #expect(ForeignFieldKey.iOSKey(key) == expected)
    }

    /// The record of apollo-kotlin's `JsonRecordSerializerTest`, as `JsonRecordSerializer`
    /// writes it: references anywhere (lists too) are `ApolloCacheReference{KEY}` strings.
    @Test func kotlinClassicRecordJSONFromItsSerializerTest() throws {
        let json = #"{"double":"1.23","string":"StringValue","boolean":true,"cacheReference":"ApolloCacheReference{foo}","#
            + #""scalarList":["scalarOne","scalarTwo"],"referenceList":["ApolloCacheReference{bar}","ApolloCacheReference{baz}"],"#
            + #""nullValue":null,"listOfScalarList":[["scalarOne","scalarTwo"]],"map":{"foo":"bar"},"long":1}"#
        let record = try ForeignRecordJSON.kotlinClassicRecord(key: "root", json: Array(json.utf8))
        #expect(record.key == CacheKey("root"))
        #expect(record["double"] == .string("1.23"))
        #expect(record["boolean"] == .bool(true))
        #expect(record["cacheReference"] == .reference("foo"))
        #expect(record["referenceList"] == .list([.reference("bar"), .reference("baz")]))
        #expect(record["scalarList"] == .list([.string("scalarOne"), .string("scalarTwo")]))
        #expect(record["nullValue"] == .null)
        #expect(record["listOfScalarList"] == .list([.list([.string("scalarOne"), .string("scalarTwo")])]))
        #expect(record["map"] == .object(["foo": .string("bar")]))
        #expect(record["long"] == .int(1))
        #expect(ForeignRecordJSON.kotlinReference("ApolloCacheReference{a{b}}") == CacheKey("a{b}"))
        #expect(ForeignRecordJSON.kotlinReference("ApolloCacheReference") == nil)
    }

    @Test func apolloClientExtractBecomesRecordsWithRootsReferencesAndPathRecords() throws {
        let json = #"{"ROOT_QUERY":{"__typename":"Query","feed({\"limit\":2})":[{"__typename":"Post","title":"a"},{"__ref":"Post:2"}],"#
            + #""settings":{"theme":"dark"}},"ROOT_MUTATION":{"__typename":"Mutation"},"Post:2":{"__typename":"Post","title":"b"},"#
            + #""__META":{"extraRootIds":[]}}"#
        let value = try JSONValue.parse(json)
        #expect(ApolloClientExtract.isExtract(value))
        #expect(ApolloClientExtract.isExtract(.string(json)))
        #expect(!ApolloClientExtract.isExtract(try JSONValue.parse(#"{"QUERY_ROOT":{}}"#)))
        let records = try ApolloClientExtract.records(from: value)
        #expect(Set(records.keys) == ["QUERY_ROOT", "MUTATION_ROOT", "Post:2", "QUERY_ROOT.feed(limit:2).0"])
        #expect(records[.queryRoot]?["feed(limit:2)"] == .list([.reference("QUERY_ROOT.feed(limit:2).0"), .reference("Post:2")]))
        #expect(records[.queryRoot]?["settings"] == .object(["theme": .string("dark")]))
        #expect(records["QUERY_ROOT.feed(limit:2).0"]?["title"] == .string("a"))
    }
}
