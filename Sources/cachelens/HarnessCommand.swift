import ArgumentParser
import CacheHarness
import Foundation
import GraphQLCache

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
        guard cache == "memory" else {
            throw ValidationError("--cache \(cache): only 'memory' is available in this build")
        }
        let harness = Harness(cache: InMemoryNormalizedCache())
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
