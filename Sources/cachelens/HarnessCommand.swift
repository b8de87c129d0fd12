import ArgumentParser
import CacheHarness
import GraphQLCache
import GraphQLCacheSQLite

/// `cachelens harness`: the JSON-lines protocol of HARNESS.md on standard input and output.
struct HarnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harness",
        abstract: "Answer JSON-lines requests (see HARNESS.md) on stdin/stdout."
    )

    @Option(help: "'memory' or the path of a SQLite cache file.")
    var cache: String = "memory"

    func run() throws {
        let store: NormalizedCache = cache == "memory"
            ? InMemoryNormalizedCache()
            : try SQLiteNormalizedCache(path: cache)
        HarnessRunner.run(Harness(cache: store))
    }
}
