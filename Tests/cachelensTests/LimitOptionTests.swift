import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// `--limit NAME=N` through the real binary: a limit error names the option that raises it,
/// the option raises it, every command that parses documents, schemas or reads lists every
/// limit in its help, and a bad setting is a usage error naming the problem.
@Suite struct LimitOptionTests {
    /// `{ a { a { … b … } } }`, `depth` levels of braces in all.
    private static func nested(_ depth: Int) -> String {
        String(repeating: "{ a ", count: depth - 1) + "{ b" + String(repeating: " }", count: depth)
    }

    private static func cache(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("QUERY_ROOT", #"{"b":1}"#)])
        return path
    }

    @Test func aDeepDocumentFailsNamingTheOptionAndPassesWhenTheLimitIsRaised() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(in: directory)
        let refused = try CacheLensProcess.run(["query", cache, "-e", Self.nested(250)])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("deeper than 200 levels"))
        #expect(refused.stderr.contains("--limit maximumNestingDepth=N"))
        let raised = try CacheLensProcess.run(["query", cache, "-e", Self.nested(250), "--limit", "maximumNestingDepth=300"])
        // The document parses now; the read misses (QUERY_ROOT has no field a), status 2.
        #expect(raised.status == 2, "\(raised.stderr)")
        #expect(!raised.stderr.contains("deeper than"))
    }

    @Test func aLargeReadFailsNamingTheOptionAndTheLaterSettingWins() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(in: directory)
        let lowered = try CacheLensProcess.run(["query", cache, "-e", "{ b c: b }", "--limit", "maximumResultValues=1"])
        #expect(lowered.status == 1)
        #expect(lowered.stderr.contains("more than 1 values"))
        #expect(lowered.stderr.contains("--limit maximumResultValues=N"))
        let laterWins = try CacheLensProcess.run(["query", cache, "-e", "{ b c: b }", "--limit", "maximumResultValues=1",
                                                  "--limit", "maximumResultValues=2"])
        #expect(laterWins.status == 0, "\(laterWins.stderr)")
        #expect(laterWins.stdout == #"{"b":1,"c":1}"# + "\n")
    }

    @Test func aDeepSchemaLoadsOnlyWithTheLimitRaised() throws {
        let directory = try TemporaryDirectory()
        let cache = try Self.cache(in: directory)
        let schema = directory.path("deep.graphqls")
        let list = String(repeating: "[", count: 220) + "Int" + String(repeating: "]", count: 220)
        try Data("type Query { b: Int deep: \(list) }".utf8).write(to: URL(fileURLWithPath: schema))
        let refused = try CacheLensProcess.run(["query", cache, "-e", "{ b }", "--schema", schema])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--limit maximumNestingDepth=N"))
        let raised = try CacheLensProcess.run(["query", cache, "-e", "{ b }", "--schema", schema,
                                               "--limit", "maximumNestingDepth=300"])
        #expect(raised.status == 0, "\(raised.stderr)")
    }

    @Test(arguments: ["query", "check", "lint", "harness", "explore"])
    func helpNamesEveryLimitWithItsDefault(command: String) throws {
        let help = try CacheLensProcess.run([command, "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("--limit <name=n>"))
        for name in CacheLimits.Name.allCases {
            #expect(text.contains("\(name.rawValue) ("), "\(command) --help lacks \(name.rawValue)")
            #expect(text.contains("default \(CacheLimits()[name])"), "\(command) --help lacks the default of \(name.rawValue)")
        }
    }

    @Test(arguments: [
        ("maximumDepth=3", "unknown limit 'maximumDepth'; the limits are maximumNestingDepth, maximumSelections, maximumResultValues"),
        ("maximumSelections", "expected NAME=N"),
        ("maximumSelections=many", "maximumSelections must be a whole number of 1 or more"),
        ("maximumSelections=0", "maximumSelections must be a whole number of 1 or more"),
        ("maximumNestingDepth=5000", "maximumNestingDepth must be a whole number from 1 to 1000"),
    ])
    func aBadSettingIsAUsageErrorNamingIt(setting: String, message: String) throws {
        let directory = try TemporaryDirectory()
        let result = try CacheLensProcess.run(["query", try Self.cache(in: directory), "-e", "{ b }", "--limit", setting])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--limit \(setting): \(message)"), "\(result.stderr)")
    }

    @Test func theHarnessKeepsItsLimitForSchemasLoadedLater() throws {
        let list = String(repeating: "[", count: 220) + "Int" + String(repeating: "]", count: 220)
        let schema = #"{"id":1,"op":"schema","sdl":"type Query { b: Int deep: \#(list) }"}"#
        let read = #"{"id":2,"op":"read","document":"{ b c: b }"}"#
        let lines = [#"{"id":0,"op":"merge","records":{"QUERY_ROOT":{"b":1}}}"#, schema, read].joined(separator: "\n") + "\n"
        let byDefault = try CacheLensProcess.run(["harness"], input: lines)
        #expect(byDefault.stdout.contains(#""id":1"#) && byDefault.stdout.contains("--limit maximumNestingDepth=N"))
        let raised = try CacheLensProcess.run(["harness", "--limit", "maximumNestingDepth=300", "--limit", "maximumResultValues=1"],
                                              input: lines)
        let answers = raised.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == 3, "\(raised.stdout)")
        #expect(answers.count == 3 && answers[1].contains(#""ok":true"#), "\(raised.stdout)")
        #expect(answers.count == 3 && answers[2].contains("--limit maximumResultValues=N"), "\(raised.stdout)")
    }
}
