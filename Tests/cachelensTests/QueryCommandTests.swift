import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// `cachelens query` through the real binary, on SQLite caches and snapshots.
@Suite struct QueryCommandTests {
    private static let sampleData = PackageFiles.root.appendingPathComponent("sample-data").path

    static let rows = [
        ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"},"hero(episode:JEDI)":{"$reference":"Human:1000"}}"#),
        ("Droid:2001", #"{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"$reference":"Human:1000"},{"$reference":"Human:1003"}]}"#),
        ("Human:1000", #"{"__typename":"Human","id":"1000","name":"Luke Skywalker"}"#),
    ]

    /// A SQLite cache with `rows`, in `directory`.
    static func cacheFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: rows)
        return path
    }

    @Test func hitPrintsTheDataAsJSON() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["query", try Self.cacheFile(in: directory), "-e", "{ hero { name r2: id } }"])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"hero":{"name":"R2-D2","r2":"2001"}}"# + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func documentFileVariablesAndOperationNameAreUsed() throws {
        let directory = try TemporaryDirectory()
        let document = directory.path("Hero.graphql")
        try Data("""
            query Other { hero { id } }
            query Hero($episode: Episode) { hero(episode: $episode) { name } }
            """.utf8).write(to: URL(fileURLWithPath: document))
        let result = try CacheLensProcess.run([
            "query", try Self.cacheFile(in: directory), "-f", document,
            "--operation-name", "Hero", "--variables", #"{"episode":"JEDI"}"#,
        ])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"hero":{"name":"Luke Skywalker"}}"# + "\n")
    }

    @Test func missExitsWithStatusTwoVerdictFirstThenTheGroupAndArgumentsDiffer() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["query", try Self.cacheFile(in: directory), "-e", "{ hero(episode: EMPIRE) { name } }"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "cache miss: incomplete: 1 miss in 1 group")
        #expect(lines[1] == "  returnCacheDataElseFetch: would go to the network because of 1 miss")
        #expect(lines.contains("  hero — missingField: QUERY_ROOT has no hero(episode:EMPIRE)"))
        #expect(lines.contains { $0.hasPrefix("  argumentsDiffer: QUERY_ROOT holds hero, hero(episode:JEDI) but not hero(episode:EMPIRE)") })
    }

    @Test func danglingReferenceNamesTheAbsentRecord() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["query", try Self.cacheFile(in: directory), "-e", "{ hero { friends { name } } }"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("  hero.friends[*] — danglingReference on 1 of 2 references; e.g. Droid:2001.friends points at Human:1003, which is not in the cache\n"))
        #expect(result.stderr.contains("  danglingReference: Droid:2001.friends points at Human:1003"))
    }

    @Test func explainPrintsPartialDataEveryMissAndDependentKeys() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run([
            "query", try Self.cacheFile(in: directory), "-e", "{ hero { name friends { name } } villain { name } }", "--explain",
        ])
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines == [
            #"{"complete":false,"data":{"hero":{"name":"R2-D2","friends":[{"name":"Luke Skywalker"},null]}},"misses":[{"path":["hero","friends",1],"recordKey":"Droid:2001","fieldKey":"friends","reason":"danglingReference","reference":"Human:1003","nearMisses":[]},{"path":["villain"],"recordKey":"QUERY_ROOT","fieldKey":"villain","reason":"missingField","nearMisses":[]}],"dependentKeys":["Droid:2001.friends","Droid:2001.name","Human:1000.name","QUERY_ROOT.hero","QUERY_ROOT.villain"],"groups":[{"path":["hero","friends","*"],"reason":"danglingReference","fieldKey":"friends","count":1,"example":{"path":["hero","friends",1],"recordKey":"Droid:2001","fieldKey":"friends","reason":"danglingReference","reference":"Human:1003","nearMisses":[]}},{"path":["villain"],"reason":"missingField","fieldKey":"villain","count":1,"example":{"path":["villain"],"recordKey":"QUERY_ROOT","fieldKey":"villain","reason":"missingField","nearMisses":[]}}],"diagnoses":[{"kind":"danglingReference","message":"Droid:2001.friends points at Human:1003, which is not in the cache (a removal does not cascade to references).","suggestion":"refetch the query to store Human:1003 again, or remove Droid:2001","keys":["Human:1003","Droid:2001"]},{"kind":"neverFetched","message":"QUERY_ROOT (the only Query record) does not hold villain with any arguments: no operation has fetched it.","suggestion":"fetch an operation that selects Query.villain from the server once"}]}"#,
        ])
    }

    @Test func explainOfACompleteReadExitsZero() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["query", try Self.cacheFile(in: directory), "-e", "{ hero { name } }", "--explain"])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"complete":true,"data":{"hero":{"name":"R2-D2"}},"misses":[],"dependentKeys":["Droid:2001.name","QUERY_ROOT.hero"],"groups":[],"diagnoses":[]}"# + "\n")
    }

    /// A deferred fragment the cache does not hold is no miss: the data is printed (exit 0),
    /// and standard error names the pending fragment; `--explain` lists it under `pending`.
    @Test func aPendingDeferredFragmentIsNamedOnStandardErrorAndExitsZero() throws {
        let directory = try TemporaryDirectory()
        let document = #"{ hero { name ... @defer(label: "more") { homePlanet } } }"#
        let cache = try Self.cacheFile(in: directory)
        let result = try CacheLensProcess.run(["query", cache, "-e", document])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"hero":{"name":"R2-D2"}}"# + "\n")
        #expect(result.stderr == "pending: @defer fragment at hero (more) is not in the cache (not a miss)\n")
        let explained = try CacheLensProcess.run(["query", cache, "-e", document, "--explain"])
        #expect(explained.status == 0)
        #expect(explained.stdout.contains(#""pending":[{"path":["hero"],"label":"more"}]"#))
    }

    @Test func snapshotFileIsReadLikeACache() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("records.json")
        try Data(#"{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"name":"R2-D2"}}"#.utf8)
            .write(to: URL(fileURLWithPath: snapshot))
        let result = try CacheLensProcess.run(["query", snapshot, "-e", "{ hero { name } }"])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"hero":{"name":"R2-D2"}}"# + "\n")
    }

    @Test func schemaExtensionsApplyTheirFieldPolicies() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cacheFile(in: directory)
        let schema = ["--schema", Self.sampleData + "/starwars.graphqls", "--schema", Self.sampleData + "/starwars-extensions.graphqls"]
        let hit = try CacheLensProcess.run(["query", cache, "-e", #"{ droid(id: "2001") { name } }"#] + schema)
        #expect(hit.status == 0)
        #expect(hit.stdout == #"{"droid":{"name":"R2-D2"}}"# + "\n")
        let withoutPolicies = try CacheLensProcess.run(["query", cache, "-e", #"{ droid(id: "2001") { name } }"#])
        #expect(withoutPolicies.status == 2)
        #expect(withoutPolicies.stderr.contains("  droid — missingField: QUERY_ROOT has no droid(id:2001)\n"))
    }

    @Test func schemaMakesNullInANonNullFieldAMissAndValidatesTheDocument() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cacheFile(in: directory)
        let schema = ["--schema", Self.sampleData + "/starwars.graphqls"]
        let invalid = try CacheLensProcess.run(["query", cache, "-e", "{ hero { nmae } }"] + schema)
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("-e:1:10: "))
        #expect(invalid.stderr.contains("nmae"))

        let snapshot = directory.path("null.json")
        try Data(#"{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"__typename":"Droid","name":null}}"#.utf8)
            .write(to: URL(fileURLWithPath: snapshot))
        let withSchema = try CacheLensProcess.run(["query", snapshot, "-e", "{ hero { name } }"] + schema)
        #expect(withSchema.status == 2)
        #expect(withSchema.stderr.contains("  hero.name — nullValue: Droid:2001.name is null but the schema says String!\n"))
        let withoutSchema = try CacheLensProcess.run(["query", snapshot, "-e", "{ hero { name } }"])
        #expect(withoutSchema.status == 0)
        #expect(withoutSchema.stdout == #"{"hero":{"name":null}}"# + "\n")
    }

    @Test func syntaxErrorInADocumentFileNamesFileLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        let document = directory.path("Broken.graphql")
        try Data("query {\n  hero {\n    name\n".utf8).write(to: URL(fileURLWithPath: document))
        let result = try CacheLensProcess.run(["query", try Self.cacheFile(in: directory), "-f", document])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(document):4:1: Syntax Error"))
    }

    @Test func badVariablesJSONIsAnErrorWithItsColumn() throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run([
            "query", try Self.cacheFile(in: directory), "-e", "query($e: Episode) { hero(episode: $e) { name } }",
            "--variables", #"{"e": JEDI}"#,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"--variables {"e": JEDI}: not JSON: unexpected character 'J' at line 1, column 7"#))
    }

    @Test func missingCacheFileAndMissingSchemaFileAreNamed() throws {
        let directory = try TemporaryDirectory()
        let missingCache = directory.path("missing.sqlite")
        let noCache = try CacheLensProcess.run(["query", missingCache, "-e", "{ hero { name } }"])
        #expect(noCache.status == 1)
        #expect(noCache.stderr.contains(missingCache))
        let missingSchema = directory.path("missing.graphqls")
        let noSchema = try CacheLensProcess.run(["query", try Self.cacheFile(in: directory), "-e", "{ hero { name } }",
                                                 "--schema", missingSchema])
        #expect(noSchema.status == 1)
        #expect(noSchema.stderr.contains("cannot read --schema \(missingSchema)"))
    }

    @Test func schemaFileThatDoesNotLoadIsNamed() throws {
        let directory = try TemporaryDirectory()
        let extensions = directory.path("bad-extensions.graphqls")
        try Data(#"extend type Droid @typePolicy(keyFields: "serialNumber")"#.utf8).write(to: URL(fileURLWithPath: extensions))
        let result = try CacheLensProcess.run(["query", try Self.cacheFile(in: directory), "-e", "{ hero { name } }",
                                               "--schema", Self.sampleData + "/starwars.graphqls", "--schema", extensions])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--schema \(extensions): invalid schema:"))
        #expect(result.stderr.contains("serialNumber"))
    }

    @Test func badSnapshotIsNamedWithLineAndColumn() throws {
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("bad.json")
        try Data("{\n\"A\": {x}\n}".utf8).write(to: URL(fileURLWithPath: snapshot))
        let result = try CacheLensProcess.run(["query", snapshot, "-e", "{ a }"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(snapshot):2:7: not JSON: expected a string key"))
    }

    @Test func documentMustBeGivenExactlyOnce() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cacheFile(in: directory)
        let neither = try CacheLensProcess.run(["query", cache])
        #expect(neither.status != 0)
        #expect(neither.stderr.contains("exactly one of -e DOCUMENT or -f FILE"))
        let both = try CacheLensProcess.run(["query", cache, "-e", "{ a }", "-f", "x.graphql"])
        #expect(both.status != 0)
    }
}

/// Variables are checked against their types before any read: a typo is an error naming the
/// variable and the allowed values, never a cache miss.
@Suite struct QueryCommandVariableTests {
    @Test func anEnumVariableOutsideItsValuesIsAnErrorNotAMiss() throws {
        let directory = try TemporaryDirectory()
        let schema = ["--schema", PackageFiles.root.appendingPathComponent("sample-data/starwars.graphqls").path]
        let result = try CacheLensProcess.run([
            "query", try QueryCommandTests.cacheFile(in: directory), "-e", "query($e: Episode) { hero(episode: $e) { name } }",
            "--variables", #"{"e":"FOO"}"#,
        ] + schema)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"variable "$e": "FOO" is not a value of enum Episode; allowed values of Episode: NEWHOPE, EMPIRE, JEDI"#))
        #expect(!result.stderr.contains("cache miss"))
    }

    @Test func aHundredThousandItemsMissingAFieldPrintUnderFortyLinesNamingTheCount() throws {
        let directory = try TemporaryDirectory()
        let count = 100_000
        var snapshot = #"{"QUERY_ROOT":{"items":["# + (0..<count).map { #"{"$reference":"Item:\#($0)"}"# }.joined(separator: ",") + "]}"
        for index in 0..<count { snapshot += #","Item:\#(index)":{"__typename":"Item","id":"\#(index)","name":"item \#(index)"}"# }
        try Data((snapshot + "}").utf8).write(to: URL(fileURLWithPath: directory.path("items.json")))
        let path = directory.path("items.sqlite")
        #expect(try CacheLensProcess.run(["import", directory.path("items.json"), path]).status == 0)
        let result = try CacheLensProcess.run(["query", path, "-e", "{ items { name description } }"])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count < 40)
        #expect(lines.first == "cache miss: incomplete: 100,000 misses in 1 group")
        #expect(lines.contains("  items[*].description — missingField on 100,000 of 100,000 Item records; e.g. Item:0 has no description"))
    }

    /// `--explain`'s help names everything the JSON holds, the groups, diagnoses and pending
    /// fragments included, and the JSON does hold them.
    @Test func explainHelpNamesEveryPartOfTheJSON() throws {
        let help = try CacheLensProcess.run(["query", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--explain Print the partial data, every miss, the dependent keys, the miss groups, the diagnoses and the pending @defer fragments as JSON"))
        let explained = try CacheLensProcess.run(["query", PackageFiles.sample("sample-cache.json"), "-e", "{ hero(episode: JEDI) { name } }", "--explain"])
        let object = try JSONValue.parse(explained.stdout)
        for key in ["data", "misses", "dependentKeys", "groups", "diagnoses"] { #expect(object[key] != nil, "\(key)") }
    }
}
