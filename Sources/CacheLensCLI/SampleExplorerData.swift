import CacheExplorer
import Foundation
import GraphQLCache

/// The bundled Star Wars sample for `cachelens` with no arguments: the schema and its cache
/// policies, the in-process sample server as the network, the cache seeded by running the
/// sample operations through the store, and the sample watches.
enum SampleExplorerData {
    /// Options for the sample: schema plus extensions, the sample server, `limits`.
    static func options(readOnly: Bool, limits: CacheLimits = CacheLimits()) throws -> ExplorerFiles.Options {
        let directory = try BundledFiles.sampleData()
        let paths = ["starwars.graphqls", "starwars-extensions.graphqls"].map { directory.appendingPathComponent($0).path }
        let schemas = try SchemaFiles.load(paths, limits: limits)
        return ExplorerFiles.Options(readOnly: readOnly, configuration: schemas.configuration,
                                     transport: try TransportOptions.make(.sample))
    }

    /// A backend on a fresh in-memory cache filled by the sample queries, fetched from the
    /// sample server through the store (read-only refuses the explorer's edits, not the
    /// client's fetches).
    static func backend(options: ExplorerFiles.Options) throws -> StoreBackend {
        let backend = ExplorerFiles.backend(InMemoryNormalizedCache(), name: "Star Wars sample", options: options)
        let operations = try BundledFiles.sampleData().appendingPathComponent("operations")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: operations.path)) ?? []
        for file in files.filter({ $0.hasSuffix(".graphql") }).sorted() {
            let text = try InputFile.readText(operations.appendingPathComponent(file).path, role: "sample operation")
            guard let operation = try? backend.store.executor.operation(document: text), operation.operationType == .query else { continue }
            let client = backend.client
            _ = client.waitFor { await client.fetch(query: operation, cachePolicy: .fetchIgnoringCacheData) }
        }
        return backend
    }

    /// The `.graphql` files of `sample-data/watches`.
    static func watchFiles() -> [String] {
        guard let directory = try? BundledFiles.sampleData().appendingPathComponent("watches") else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted().map { directory.appendingPathComponent($0).path }
    }
}
