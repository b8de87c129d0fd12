@testable import CacheDiagnostics
import CacheTestSupport
import Testing
@testable import GraphQLCache

/// `CacheLint` on caches made for each finding, on memory and SQLite.
@Suite struct CacheLintTests {
    @Test(arguments: CacheKind.allCases)
    func aHealthyCacheHasNoFindings(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.write("{ hero { __typename id name friends { __typename id name } } }", data: """
            {"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke"}]}}
            """)
        #expect(try fixture.lint() == [])
    }

    @Test(arguments: CacheKind.allCases)
    func pathKeyedDuplicatesAreNoCacheIdByTypeAndDuplicateEntityNamingTheFieldsThatDiffer(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind, extensions: [])
        try fixture.write("{ hero { __typename id name } }", data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        try fixture.write("{ hero(episode: JEDI) { __typename id name } }", data: #"{"hero":{"__typename":"Droid","id":"2001","name":"Artoo"}}"#)
        let findings = try fixture.lint()
        #expect(findings.map(\.kind) == [.duplicateEntity, .noCacheId])
        #expect(findings[0].count == 1)
        #expect(findings[0].message == "1 Droid object(s) are stored under several keys with values that differ; e.g. QUERY_ROOT.hero and QUERY_ROOT.hero(episode:JEDI) differ in name.")
        #expect(findings[1].count == 2)
        #expect(findings[1].suggestion == #"extend type Droid @typePolicy(keyFields: "id")"#)
        #expect(findings[1].keys == ["QUERY_ROOT.hero", "QUERY_ROOT.hero(episode:JEDI)"])
    }

    @Test(arguments: CacheKind.allCases)
    func danglingUnreachableAndTypenameFindingsNameTheirRecords(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.write("{ hero { __typename id name friends { __typename id name } } }", data: """
            {"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke"}]}}
            """)
        try fixture.store.removeRecord(for: "Human:1000")
        try fixture.merge([Record(key: "Orphan:1", ["name": .string("nobody points here")])])
        let findings = try fixture.lint()
        #expect(findings.map(\.kind) == [.danglingReference, .missingTypename, .unreachable])
        #expect(findings[0].message == "1 reference(s) name absent records; e.g. Droid:2001 -> Human:1000")
        #expect(findings[0].keys == ["Droid:2001"])
        #expect(findings[1].keys == ["Orphan:1"])
        #expect(findings[2].keys == ["Orphan:1"])
        #expect(JSONValue.object(findings[2].jsonObject).jsonText
            == #"{"kind":"unreachable","message":"1 record(s) are not reachable from QUERY_ROOT, MUTATION_ROOT or SUBSCRIPTION_ROOT: no query reads them.","keys":["Orphan:1"],"count":1,"suggestion":"delete them: a garbage collection of unreachable records removes exactly these"}"#)
    }
}
