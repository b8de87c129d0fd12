import ArgumentParser
import GraphQLCache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `cachelens`: explore, script and check a normalized GraphQL cache. The `cachelens` executable
/// only calls `main()`: the commands live in this module so that `cachelens-bench` can open
/// files exactly as `explore` does without the shipped program linking any benchmark.
package struct CacheLensCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "cachelens",
        abstract: "Explore, script and check a normalized GraphQL cache (Apollo iOS format).",
        discussion: "Every command that takes a cache takes a SQLite cache file (.sqlite) or a snapshot (.json) alike.",
        version: "cachelens \(CacheLensVersion.current)",
        subcommands: [ExploreCommand.self, HarnessCommand.self, DumpCommand.self, QueryCommand.self, CheckCommand.self, LintCommand.self,
                      StatsCommand.self, ExportCommand.self, ImportCommand.self],
        defaultSubcommand: ExploreCommand.self
    )

    package init() {}

    /// Runs the command with SIGPIPE ignored, so that a reader that went away makes a write to
    /// standard output fail with an error `StandardOutput` reports, instead of killing the
    /// process without a word. Parsing and running are ArgumentParser's; only the final
    /// message is written here, so that help and the version go through the same checked writes
    /// as every command's output.
    package static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            exitReporting(error)
        }
    }

    /// Prints what ArgumentParser would for `error` and exits with its status: help and the
    /// version (a clean exit) on standard output, checked, so that `--version > /dev/full` fails
    /// with a message and status 1; errors and usage on standard error.
    package static func exitReporting(_ error: Error) -> Never {
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code.isSuccess {
                do {
                    try StandardOutput.print(message)
                } catch {
                    StandardOutput.error(fullMessage(for: error) + "\n")
                    terminate(ExitCode.failure.rawValue)
                }
            } else {
                StandardOutput.error(message + "\n")
            }
        }
        terminate(code.rawValue)
    }

    /// Ends the process with `status` (the C library's `exit`, which the command type's own
    /// `exit(withError:)` hides).
    private static func terminate(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }
}
