import ArgumentParser

/// `cachelens`: explore, script and measure a normalized GraphQL cache.
@main
struct CacheLensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cachelens",
        abstract: "Explore, script and measure a normalized GraphQL cache (Apollo iOS format).",
        subcommands: [ExploreCommand.self, HarnessCommand.self, DumpCommand.self, StatsCommand.self, BenchCommand.self],
        defaultSubcommand: ExploreCommand.self
    )
}
