import CacheExplorer
import Foundation
import GraphQLCache

/// Test data and helpers shared by the explorer suites.
enum Fixtures {
    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled Star Wars sample snapshot.
    static func sampleRecords() throws -> RecordSet {
        let url = packageRoot.appendingPathComponent("sample-data/sample-cache.json")
        return try Snapshot.decode(try Data(contentsOf: url), source: url.path)
    }

    /// An explorer on a fresh in-memory copy of the sample.
    static func sampleExplorer(size: Size = Size(width: 80, height: 24), readOnly: Bool = false) throws -> Explorer {
        let cache = InMemoryNormalizedCache(records: try sampleRecords())
        return Explorer(backend: StoreBackend(cache: cache, sourceName: "sample", readOnly: readOnly), size: size)
    }

    /// Keys from names, as the harness takes them.
    static func keys(_ names: String...) -> [Key] {
        names.flatMap(Key.sequence(from:))
    }
}
