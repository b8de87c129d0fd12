@testable import CacheDiagnostics
import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Misses that differ only in list indices are one group, most frequent first, with the verdict
/// first; on memory and SQLite.
@Suite struct MissGroupTests {
    @Test(arguments: CacheKind.allCases)
    func missesDifferingOnlyInListIndicesAreOneGroupNamingTheCount(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        let items = (0..<1_500).map { #"{"__typename":"Item","id":"\#($0)","name":"item \#($0)"}"# }.joined(separator: ",")
        try fixture.write("{ items { __typename id name } }", data: #"{"items":[\#(items)]}"#)
        let explanation = try fixture.explain("{ items { name description } }")
        #expect(explanation.result.misses.count == 1_500)
        #expect(explanation.groups.count == 1)
        #expect(explanation.groups[0].summary == "items[*].description — missingField on 1,500 of 1,500 Item records; e.g. QUERY_ROOT.items.0 has no description")
        #expect(explanation.verdict == "incomplete: 1,500 misses in 1 group")
        #expect(explanation.reportLines().count < 40)
        #expect(explanation.reportLines()[0] == "incomplete: 1,500 misses in 1 group")
        #expect(explanation.diagnoses.map(\.kind) == [.neverFetched])
    }

    @Test(arguments: CacheKind.allCases)
    func groupsComeMostFrequentFirstAndCountOnlyTheirMisses(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind, extensions: [DiagnosisFixture.itemIDs])
        try fixture.write("{ items { __typename id name } }", data: """
            {"items":[{"__typename":"Item","id":"1","name":"a"},{"__typename":"Item","id":"2","name":"b"},
            {"__typename":"Item","id":"3","name":"c"}]}
            """)
        try fixture.merge([Record(key: "Item:1", ["description": .string("d")])])
        let explanation = try fixture.explain("{ hero { name } items { count description } }")
        #expect(explanation.groups.map(\.pathText) == ["items[*].count", "items[*].description", "hero"])
        #expect(explanation.groups.map(\.count) == [3, 2, 1])
        #expect(explanation.groups[1].summary == "items[*].description — missingField on 2 of 3 Item records; e.g. Item:2 has no description")
        let json = JSONValue.object(explanation.groups[1].jsonObject).jsonText
        #expect(json.hasPrefix(#"{"path":["items","*","description"],"reason":"missingField","fieldKey":"description","count":2,"example":{"path":["items",1,"description"]"#))
    }

    @Test func aCompleteReadSaysSoFirst() throws {
        let fixture = try DiagnosisFixture(.memory)
        try fixture.write("{ items { __typename id name } }", data: #"{"items":[{"__typename":"Item","id":"1","name":"a"}]}"#)
        let explanation = try fixture.explain("{ items { name } }")
        #expect(explanation.groups.isEmpty)
        #expect(explanation.reportLines().first == "complete: every field is in the cache")
        #expect(explanation.reportLines().dropFirst().first == "  returnCacheDataElseFetch: would return cache data, no network")
    }
}
