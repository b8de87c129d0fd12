import CacheTestSupport
import Foundation
import Testing

/// A write to standard output that fails (a full disk, a reader that went away) makes the
/// command exit non-zero with a message on standard error: a truncated backup is never
/// reported as success.
@Suite struct StandardOutputFailureTests {
    private static let request = #"{"id":1,"op":"records"}"# + "\n"

    /// A SQLite cache and a snapshot holding the bundled sample.
    private func caches(in directory: TemporaryDirectory) throws -> (sqlite: String, snapshot: String) {
        let sqlite = directory.path("sample.sqlite")
        #expect(try CacheLensProcess.run(["import", PackageFiles.sample("sample-cache.json"), sqlite]).status == 0)
        return (sqlite, PackageFiles.sample("sample-cache.json"))
    }

    private func commands(_ cache: String) -> [(arguments: [String], input: String)] {
        [(["dump", cache], ""), (["export", cache], ""), (["stats", cache], ""),
         (["query", cache, "-e", "{ hero { name } }"], ""), (["harness", "--cache", cache], Self.request)]
    }

    @Test func aFullDiskMakesEveryCommandFailWithAMessage() throws {
        let directory = try TemporaryDirectory()
        let (sqlite, snapshot) = try caches(in: directory)
        for cache in [sqlite, snapshot] {
            for command in commands(cache) {
                let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
                let result = try CacheLensProcess.run(command.arguments, input: command.input, output: full)
                #expect(result.status == 1, "\(command.arguments)")
                #expect(result.stderr.contains("cannot write standard output: No space left on device"), "\(command.arguments): \(result.stderr)")
            }
        }
    }

    @Test func aReaderThatWentAwayIsAnErrorNotASilentDeath() throws {
        let directory = try TemporaryDirectory()
        let (sqlite, _) = try caches(in: directory)
        for command in commands(sqlite) {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let result = try CacheLensProcess.run(command.arguments, input: command.input, output: pipe.fileHandleForWriting)
            #expect(result.status == 1, "\(command.arguments)")
            #expect(result.stderr.contains("cannot write standard output: Broken pipe"), "\(command.arguments): \(result.stderr)")
        }
    }

    /// `--version`, `--help` and `help COMMAND` print through the same checked writes: a user
    /// who sends them to a full disk is told, not given exit status 0.
    @Test func helpAndVersionOnAFullDiskFailWithAMessage() throws {
        for arguments in [["--version"], ["--help"], ["help", "dump"], ["query", "--help"]] {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let result = try CacheLensProcess.run(arguments, output: full)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("cannot write standard output: No space left on device"), "\(arguments): \(result.stderr)")
        }
    }

    /// Help and the version still reach a working standard output, with exit status 0.
    @Test func helpAndVersionStillPrintWithStatusZero() throws {
        let version = try CacheLensProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("cachelens "))
        let help = try CacheLensProcess.run(["help", "dump"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: cachelens dump <path>"))
    }
}
