import CacheExplorer
import Foundation
import GraphQLCache

/// The package's bundled files and small helpers shared by the command-line suites.
enum PackageFiles {
    /// The package root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of `name` inside `sample-data/`.
    static func sample(_ name: String) -> String { root.appendingPathComponent("sample-data/\(name)").path }

    /// The bundled Star Wars sample snapshot.
    static func sampleRecords() throws -> RecordSet {
        let path = sample("sample-cache.json")
        return try Snapshot.decode(try Data(contentsOf: URL(fileURLWithPath: path)), source: path)
    }

    /// Keys from names, as the harness takes them.
    static func keys(_ names: String...) -> [Key] {
        names.flatMap(Key.sequence(from:))
    }
}
