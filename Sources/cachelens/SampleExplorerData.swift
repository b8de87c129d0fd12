import CacheExplorer
import Foundation
import GraphQLCache
import SampleServer

/// The bundled Star Wars sample for `cachelens` with no arguments: the schema and its cache
/// policies, the in-process sample server as the network, the cache seeded by running the
/// sample operations through the store, and the sample watches.
enum SampleExplorerData {
    /// The sample directory, found beside the binary or the current directory.
    static func directory() throws -> URL {
        guard let url = ResourceLocator.find("sample-data/starwars.graphqls") else {
            throw ExplorerError.file(path: "sample-data", reason: "the bundled sample was not found; give a file to open")
        }
        return url.deletingLastPathComponent()
    }

    /// Options for the sample: schema plus extensions, the sample server.
    static func options(readOnly: Bool) throws -> ExplorerFiles.Options {
        let directory = try directory()
        let schemas = ["starwars.graphqls", "starwars-extensions.graphqls"].map { directory.appendingPathComponent($0).path }
        var options = ExplorerFiles.Options(readOnly: false, configuration: try ExplorerFiles.configuration(schemaPaths: schemas))
        do { options.transport = try SampleServer(directory: directory) } catch {
            throw ExplorerError.file(path: directory.path, reason: "the sample server cannot start: \(error)")
        }
        options.readOnly = readOnly
        return options
    }

    /// A backend on a fresh in-memory cache filled by the sample queries, fetched from the
    /// sample server through the store.
    static func backend(options: ExplorerFiles.Options) throws -> StoreBackend {
        var seeding = options
        seeding.readOnly = false
        let backend = ExplorerFiles.backend(InMemoryNormalizedCache(), name: "Star Wars sample", options: seeding)
        let operations = try directory().appendingPathComponent("operations")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: operations.path)) ?? []
        for file in files.filter({ $0.hasSuffix(".graphql") }).sorted() {
            let text = try ExplorerFiles.readText(operations.appendingPathComponent(file).path)
            guard let operation = try? backend.store.executor.operation(document: text), operation.operationType == .query else { continue }
            let client = backend.client
            _ = client.waitFor { await client.fetch(query: operation, cachePolicy: .fetchIgnoringCacheData) }
        }
        guard options.readOnly else { return backend }
        return StoreBackend(client: backend.client, sourceName: backend.sourceName, readOnly: true,
                            watchPolicy: .returnCacheDataElseFetch)
    }

    /// The `.graphql` files of `sample-data/watches`.
    static func watchFiles() -> [String] {
        guard let directory = try? directory().appendingPathComponent("watches") else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted().map { directory.appendingPathComponent($0).path }
    }
}
