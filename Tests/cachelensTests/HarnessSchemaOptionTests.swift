import Foundation
import Testing

/// `cachelens harness --schema FILE` (repeatable) loads the sample schema and its extensions,
/// so `Character` objects are keyed by id and field policies resolve.
@Suite struct HarnessSchemaOptionTests {
    private static let sampleData = PackageFiles.root.appendingPathComponent("sample-data").path

    @Test func schemaFilesApplyTheirPolicies() throws {
        let (lines, status) = try ExecutableLocator.run(
            ["harness", "--schema", Self.sampleData + "/starwars.graphqls", "--schema", Self.sampleData + "/starwars-extensions.graphqls"],
            input: """
                {"id":1,"op":"write","document":"{ hero { id name } }","data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}
                {"id":2,"op":"read","document":"{ droid(id: \\"2001\\") { name } }"}

                """)
        #expect(status == 0)
        #expect(lines == [
            #"{"id":1,"ok":true,"changedKeys":["Droid:2001.__typename","Droid:2001.id","Droid:2001.name","QUERY_ROOT.hero"]}"#,
            #"{"id":2,"ok":true,"data":{"droid":{"name":"R2-D2"}}}"#,
        ])
    }

    @Test func unreadableSchemaFileFailsNamingIt() throws {
        let (lines, status) = try ExecutableLocator.run(["harness", "--schema", "/nonexistent/x.graphqls"], input: "")
        #expect(status != 0)
        #expect(lines.isEmpty)
    }
}
