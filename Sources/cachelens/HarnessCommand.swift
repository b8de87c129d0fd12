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

    @Option(name: .customLong("schema"), help: "A schema or schema extension file (.graphqls); repeatable.")
    var schemaFiles: [String] = []

    @Option(help: "'scripted' (answers queued by the respond op), 'sample' (the offline Star Wars server) or an http(s) URL.")
    var transport: String = "scripted"

    func run() throws {
        let store: NormalizedCache = cache == "memory"
            ? InMemoryNormalizedCache()
            : try SQLiteNormalizedCache(path: cache)
        let harness = Harness(cache: store, transport: try makeTransport())
        HarnessRunner.run(try loadingSchemas(into: harness))
    }
}
