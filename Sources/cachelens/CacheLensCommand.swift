import ArgumentParser

/// `cachelens`: explore, script and measure a normalized GraphQL cache.
@main
struct CacheLensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cachelens",
        abstract: "Explore, script and measure a normalized GraphQL cache (Apollo iOS format).",
        subcommands: [ExploreCommand.self, HarnessCommand.self, DumpCommand.self, QueryCommand.self,
                      StatsCommand.self, ExportCommand.self, ImportCommand.self, BenchCommand.self,
                      BenchExplorerProbeCommand.self],
        defaultSubcommand: ExploreCommand.self
    )
}
