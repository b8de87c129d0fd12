import ArgumentParser
import CacheHarness
import Foundation
import GraphQLCache

extension HarnessCommand {
    /// Loads every `--schema` file into the harness, in order (extensions after the schema);
    /// a file that cannot be read or loaded stops the command with its path and the problem.
    func loadingSchemas(into harness: Harness) throws -> Harness {
        for path in schemaFiles {
            let text: String
            do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw ValidationError("--schema \(path): cannot read the file: \(error.localizedDescription)")
            }
            do { try harness.loadSchema(text) } catch {
                throw ValidationError("--schema \(path): \(error.description)")
            }
        }
        return harness
    }
}
