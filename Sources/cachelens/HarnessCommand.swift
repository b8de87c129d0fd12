import ArgumentParser
import CacheHarness
import Foundation
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

    func run() throws {
        let store: NormalizedCache = cache == "memory"
            ? InMemoryNormalizedCache()
            : try SQLiteNormalizedCache(path: cache)
        let harness = Harness(cache: store)
        for path in schemaFiles {
            let text: String
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ValidationError("--schema \(path): cannot read the file: \(error.localizedDescription)")
            }
            do { try harness.loadSchema(text) } catch {
                throw ValidationError("--schema \(path): \(error.description)")
            }
        }
        HarnessRunner.run(harness)
    }
}
