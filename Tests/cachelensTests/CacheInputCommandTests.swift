import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Every command that takes a cache takes a SQLite file and a snapshot alike, and no command
/// turns a missing or 0-byte path into a cache unless it was asked to create one.
@Suite struct CacheInputCommandTests {
    private static let snapshot = PackageFiles.sample("sample-cache.json")

    private func sqliteCopy(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("sample.sqlite")
        let result = try CacheLensProcess.run(["import", Self.snapshot, path])
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    private func emptyFile(_ path: String) -> String {
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        return path
    }

    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    @Test func theHarnessAnswersRecordsFromASnapshotAndWritesNothingBack() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.snapshot))
        let result = try CacheLensProcess.run(["harness", "--cache", Self.snapshot], input: """
            {"id":1,"op":"records"}
            {"id":2,"op":"merge","records":{"Droid:2001":{"name":"Artoo"}}}
            {"id":3,"op":"read","document":"{ hero { name } }"}
            {"id":4,"op":"poll"}

            """)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let records = try #require(try JSONValue.parse(lines[0]).objectValue?["records"]?.objectValue)
        #expect(records.count == 10)
        #expect(records["Droid:2001"]?.objectValue?["name"] == .string("R2-D2"))
        #expect(lines[2].contains(#""name":"Artoo""#), "\(lines[2])")
        #expect(lines[3] == #"{"id":4,"ok":true,"externalChanges":0}"#)
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.snapshot)) == before)
    }

    @Test func readCommandsGiveTheSameAnswerOnASnapshotAndOnSQLite() throws {
        let directory = try TemporaryDirectory()
        let sqlite = try sqliteCopy(in: directory)
        for arguments in [["dump"], ["export"], ["query", "-e", "{ hero { name friends { name } } }"]] {
            let fromSQLite = try CacheLensProcess.run([arguments[0], sqlite] + arguments.dropFirst())
            let fromSnapshot = try CacheLensProcess.run([arguments[0], Self.snapshot] + arguments.dropFirst())
            #expect(fromSQLite.status == 0 && fromSnapshot.status == 0, "\(arguments): \(fromSQLite.stderr) \(fromSnapshot.stderr)")
            #expect(!fromSQLite.stdout.isEmpty && fromSQLite.stdout == fromSnapshot.stdout, "\(arguments)")
        }
        let stats = try CacheLensProcess.run(["stats", Self.snapshot, "--top", "1"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("records: 10") && stats.stdout.contains("broken rows: 0"), "\(stats.stdout)")
        #expect(stats.stdout.contains("\tDroid\n") || stats.stdout.contains("\tHuman\n"), "\(stats.stdout)")
    }

    @Test func importTakesAnotherSQLiteCacheAsItsSource() throws {
        let directory = try TemporaryDirectory()
        let source = try sqliteCopy(in: directory), copy = directory.path("copy.sqlite")
        let result = try CacheLensProcess.run(["import", source, copy])
        #expect(result.status == 0, "\(result.stderr)")
        let original = try SQLiteNormalizedCache(path: source, options: .init(readOnly: true)).allRecords()
        #expect(try SQLiteNormalizedCache(path: copy, options: .init(readOnly: true)).allRecords() == original)
    }

    @Test func importFromACacheWithABrokenRowWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("broken.sqlite"), target = directory.path("target.sqlite")
        try SQLiteTestFile.apolloFile(at: source, rows: [("Good:1", #"{"x":1}"#), ("Bad:1", "{oops")])
        let result = try CacheLensProcess.run(["import", source, target])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Bad:1") && result.stderr.contains("nothing imported"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aZeroByteFileIsRefusedByEveryCommandUnlessCreateIsGiven() throws {
        let directory = try TemporaryDirectory()
        let empty = emptyFile(directory.path("empty.sqlite"))
        let attempts: [([String], String)] = [
            (["harness", "--cache", empty], #"{"id":1,"op":"stats"}"# + "\n"), (["import", Self.snapshot, empty], ""),
            (["dump", empty], ""), (["stats", empty], ""), (["export", empty], ""),
            (["query", empty, "-e", "{ hero { name } }"], ""),
        ]
        for (arguments, input) in attempts {
            let result = try CacheLensProcess.run(arguments, input: input)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("empty.sqlite: the file is empty (0 bytes), not a cache"), "\(arguments): \(result.stderr)")
            #expect(size(empty) == 0, "\(arguments)")
        }
        let created = try CacheLensProcess.run(["import", "--create", Self.snapshot, empty])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try SQLiteNormalizedCache(path: empty, options: .init(readOnly: true)).recordCount() == 10)
        let harness = try CacheLensProcess.run(["harness", "--create", "--cache", emptyFile(directory.path("second.sqlite"))],
                                               input: #"{"id":1,"op":"stats"}"# + "\n")
        #expect(harness.status == 0 && harness.stdout.hasPrefix(#"{"id":1,"ok":true,"records":0"#), "\(harness.stderr)")
    }

    @Test func exploreThatCannotStartWritesNoFile() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("e.sqlite")
        let refused = try CacheLensProcess.run(["explore", missing])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("e.sqlite: no such file; pass --create"), "\(refused.stderr)")
        let noTerminal = try CacheLensProcess.run(["explore", "--create", missing])
        #expect(noTerminal.status == 2)
        #expect(noTerminal.stderr.contains("explore needs a terminal"), "\(noTerminal.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
        let empty = emptyFile(directory.path("empty.sqlite"))
        for arguments in [["explore", empty], ["explore", "--create", empty]] {
            #expect(try CacheLensProcess.run(arguments).status != 0)
            #expect(size(empty) == 0, "\(arguments)")
        }
    }

    @Test func anUnknownSubcommandIsNamedWithTheCommands() throws {
        let result = try CacheLensProcess.run(["frobnicate"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'frobnicate' is not a cachelens command"), "\(result.stderr)")
        #expect(result.stderr.contains("explore, harness, dump, query, check, lint, stats, export, import)"), "\(result.stderr)")
        #expect(!result.stderr.contains("no such file"))
    }

    /// The benchmarks left `cachelens`: `cachelens bench` is no command, and says where they went.
    @Test func benchIsNoLongerACommandAndPointsAtTheBenchProgram() throws {
        let result = try CacheLensProcess.run(["bench"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("'bench' is not a cachelens command"), "\(result.stderr)")
        #expect(result.stderr.contains("swift run -c release cachelens-bench"), "\(result.stderr)")
    }
}
