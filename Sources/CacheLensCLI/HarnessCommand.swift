import ArgumentParser
import CacheHarness
import GraphQLCache

/// `cachelens harness`: the JSON-lines protocol of docs/HARNESS.md on standard input and output.
struct HarnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harness",
        abstract: "Answer JSON-lines requests (see docs/HARNESS.md) on stdin/stdout."
    )

    @Option(help: "'memory', a SQLite cache file (created if missing), or a snapshot .json (loaded in memory; changes are not written back).")
    var cache: String = "memory"

    @Flag(help: "Also make a new cache of a 0-byte --cache file (refused otherwise).")
    var create = false

    @Option(name: .customLong("schema"), help: "A schema or schema extension file (.graphqls); repeatable.")
    var schemaFiles: [String] = []

    @OptionGroup(title: "Network")
    var network: TransportOptions

    @OptionGroup(title: "Limits")
    var limitOptions: LimitOptions

    func run() throws {
        let transport = try TransportOptions.make(try network.choice() ?? .scripted)
        let schemas = try SchemaFiles.load(schemaFiles, limits: limitOptions.limits(), network: network, transport: transport)
        let store: any BrowsableNormalizedCache = cache == "memory"
            ? InMemoryNormalizedCache()
            : try CacheFile.open(cache, readOnly: false, create: create ? .allowed : .whenMissing).cache
        let harness = Harness(cache: store, transport: transport, limits: schemas.limits)
        for (text, path) in zip(schemas.texts, schemas.origins) {
            do { try harness.loadSchema(text) } catch {
                throw CommandError.invalidContent(path: path, role: "--schema", message: "--schema \(path): \(error.description)")
            }
        }
        try HarnessRunner.run(harness) { bytes throws(CommandError) in try StandardOutput.write(bytes) }
    }
}
