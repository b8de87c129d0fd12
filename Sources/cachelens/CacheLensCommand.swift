import ArgumentParser
import GraphQLCache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `cachelens`: explore, script and measure a normalized GraphQL cache.
@main
struct CacheLensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cachelens",
        abstract: "Explore, script and measure a normalized GraphQL cache (Apollo iOS format).",
        discussion: "Every command that takes a cache takes a SQLite cache file (.sqlite) or a snapshot (.json) alike.",
        version: "cachelens \(CacheLensVersion.current)",
        subcommands: [ExploreCommand.self, HarnessCommand.self, DumpCommand.self, QueryCommand.self, CheckCommand.self, LintCommand.self,
                      StatsCommand.self, ExportCommand.self, ImportCommand.self, BenchCommand.self,
                      BenchExplorerProbeCommand.self, BenchExplorerWorkProbeCommand.self],
        defaultSubcommand: ExploreCommand.self
    )

    /// Runs the command with SIGPIPE ignored, so that a reader that went away makes a write to
    /// standard output fail with an error `StandardOutput` reports, instead of killing the
    /// process without a word.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
