import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// `cachelens check` through the real binary: every query of a directory of `.graphql` files
/// against a cache made for it.
@Suite struct CheckCommandTests {
    private static let sampleData = PackageFiles.root.appendingPathComponent("sample-data").path
    private static var schema: [String] {
        ["--schema", sampleData + "/starwars.graphqls"]
    }

    /// A cache holding Human:1000 through `hero`, and an app whose `Human` query needs a field
    /// policy, whose fragment lives in another file, and whose mutation is skipped.
    private static func app(in directory: TemporaryDirectory) throws -> (cache: String, app: String) {
        let cache = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: cache, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"Human:1000"}}"#),
            ("Human:1000", #"{"__typename":"Human","id":"1000","name":"Luke Skywalker"}"#),
        ])
        let app = directory.path("App")
        try FileManager.default.createDirectory(atPath: app + "/Screens/Profile", withIntermediateDirectories: true)
        let files = [
            "Screens/Hero.graphql": "query Hero { hero { ...Named } }",
            "Screens/Profile/Human.graphql": "query Human($id: ID!) { human(id: $id) { ...Named } }",
            "Fragments.graphql": "fragment Named on Character { id name }",
            "Review.graphql": "mutation Review { createReview(episode: JEDI, review: {stars: 5}) { stars } }",
            "notes.txt": "not a document",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: app + "/" + name)) }
        try Data(#"{"Human":{"id":"1000"}}"#.utf8).write(to: URL(fileURLWithPath: directory.path("variables.json")))
        return (cache, app)
    }

    @Test func aTableOfEveryOperationWithGroupsAndDiagnosesExitsTwoOnAMiss() throws {
        let directory = try TemporaryDirectory()
        let (cache, app) = try Self.app(in: directory)
        let result = try CacheLensProcess.run(["check", cache, app, "--variables", directory.path("variables.json")] + Self.schema)
        #expect(result.status == 2, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("OPERATION") == true)
        #expect(lines.contains { $0.hasPrefix("Hero ") && $0.hasSuffix("  hit") })
        #expect(lines.contains { $0.hasPrefix("Human ") && $0.contains("Screens/Profile/Human.graphql") && $0.hasSuffix("miss: 1 miss in 1 group") })
        #expect(lines.contains { $0.hasPrefix("Review ") && $0.hasSuffix("skipped: a mutation is not read from the cache") })
        #expect(lines.contains(#"      fix: extend type Query @fieldPolicy(forField: "human", keyArgs: "id")"#))
        #expect(lines.contains("2 queries: 1 answered by the cache, 1 miss, 0 could not run; 1 skipped"))
    }

    @Test func jsonGivesOneObjectPerOperation() throws {
        let directory = try TemporaryDirectory()
        let (cache, app) = try Self.app(in: directory)
        let result = try CacheLensProcess.run(["check", cache, app, "--json", "--variables", directory.path("variables.json")] + Self.schema)
        #expect(result.status == 2)
        let operations = try #require(try JSONValue.parse(result.stdout)["operations"]?.arrayValue)
        let human = try #require(operations.first { $0["name"] == .string("Human") })
        #expect(human["file"] == .string(app + "/Screens/Profile/Human.graphql"))
        #expect(human["complete"] == .bool(false))
        #expect(human["misses"] == .int(1))
        #expect(human["groups"]?.arrayValue?.count == 1)
        #expect(human["diagnoses"]?.arrayValue?.first?["kind"] == .string("noFieldPolicy"))
        #expect(operations.first { $0["name"] == .string("Hero") }?["complete"] == .bool(true))
    }

    @Test func everyQueryAnsweredExitsZeroAndAMissingVariableExitsOne() throws {
        let directory = try TemporaryDirectory()
        let (cache, app) = try Self.app(in: directory)
        let hit = try CacheLensProcess.run(["check", cache, app + "/Screens/Hero.graphql", app + "/Fragments.graphql"] + Self.schema)
        #expect(hit.status == 0)
        #expect(hit.stdout.hasSuffix("1 query: 1 answered by the cache, 0 miss, 0 could not run\n"))
        let missingVariable = try CacheLensProcess.run(["check", cache, app] + Self.schema)
        #expect(missingVariable.status == 1)
        #expect(missingVariable.stdout.contains(#"error: variable "$id": required variable of type ID! was not provided"#))
    }

    /// The help names both shapes an operation without a result takes in `--json`: "error"
    /// for one that could not run, and "skipped" for a mutation or subscription, as the command
    /// prints them.
    @Test func helpNamesTheErrorAndSkippedShapesOfTheJSON() throws {
        let help = try CacheLensProcess.run(["check", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(#"an operation that could not run has "error""#))
        #expect(text.contains(#"a skipped one (a mutation, a subscription) has "skipped""#))
        let skipped = try CacheLensProcess.run(["check", PackageFiles.sample("sample-cache.json"),
                                                PackageFiles.sample("operations/CreateReview.graphql"), "--json"])
        let operations = try #require(try JSONValue.parse(skipped.stdout)["operations"]?.arrayValue)
        #expect(operations.first?["skipped"] == .string("a mutation is not read from the cache"))
    }

    /// One file that does not parse is one error row at its line and column; the other files'
    /// operations still run and the table is printed (exit 1, as for any error).
    @Test func aBrokenFileIsOneErrorRowAndTheOtherOperationsStillRun() throws {
        let directory = try TemporaryDirectory()
        let (cache, app) = try Self.app(in: directory)
        try Data("query Broken {\n  hero {\n".utf8).write(to: URL(fileURLWithPath: app + "/Broken.graphql"))
        let result = try CacheLensProcess.run(["check", cache, app, "--variables", directory.path("variables.json")] + Self.schema)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("OPERATION") == true)
        #expect(lines.contains { $0.hasPrefix("Hero ") && $0.hasSuffix("  hit") })
        #expect(lines.contains { $0.hasPrefix("Human ") && $0.hasSuffix("miss: 1 miss in 1 group") })
        let broken = try #require(lines.first { $0.contains("Broken.graphql") })
        #expect(broken.hasPrefix("(file) "))
        #expect(broken.contains(app + "/Broken.graphql:3:1 "))
        #expect(broken.contains("  error: Syntax Error"))
        #expect(lines.last == "2 queries: 1 answered by the cache, 1 miss, 0 could not run; 1 skipped; 1 error in the files")
        let json = try CacheLensProcess.run(["check", cache, app, "--json", "--variables", directory.path("variables.json")] + Self.schema)
        let problems = try #require(try JSONValue.parse(json.stdout)["problems"]?.arrayValue)
        #expect(problems.count == 1)
        #expect(problems.first?["line"] == .int(3))
        #expect(problems.first?["severity"] == .string("error"))
    }

    /// A validation error is one row whose place is its line and column in the file, not in
    /// the operation's own document.
    @Test func aValidationErrorRowGivesItsPlaceInTheFile() throws {
        let directory = try TemporaryDirectory()
        let (cache, app) = try Self.app(in: directory)
        try Data("# a comment\n\nquery Bad {\n  hero { nosuch }\n}\n".utf8).write(to: URL(fileURLWithPath: app + "/Bad.graphql"))
        let result = try CacheLensProcess.run(["check", cache, app, "--variables", directory.path("variables.json")] + Self.schema)
        #expect(result.status == 1)
        let bad = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Bad ") })
        #expect(bad.contains(app + "/Bad.graphql:4:10 "), "\(bad)")
        #expect(bad.contains("  error: "))
        #expect(bad.contains("nosuch"))
    }

    /// The same operation name in two files runs both and adds one warning naming both files.
    @Test func aDuplicateOperationNameIsOneWarningNamingBothFiles() throws {
        let directory = try TemporaryDirectory()
        let (cache, app) = try Self.app(in: directory)
        try Data("query Hero { hero { id } }".utf8).write(to: URL(fileURLWithPath: app + "/Zed.graphql"))
        let result = try CacheLensProcess.run(["check", cache, app, "--variables", directory.path("variables.json")] + Self.schema)
        #expect(result.status == 2, "a warning does not change the exit status: \(result.stdout)")
        let warnings = result.stdout.split(separator: "\n").filter { $0.contains("warning: ") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("Hero ") == true)
        #expect(warnings.first?.contains(app + "/Zed.graphql:1:1") == true)
        #expect(warnings.first?.hasSuffix("warning: operation Hero is also defined in \(app)/Screens/Hero.graphql") == true)
        #expect(result.stdout.contains("; 1 warning in the files\n"))
    }
}
