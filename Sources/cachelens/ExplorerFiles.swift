import CacheExplorer
import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// Opening data and themes from files for the explorer: what `cachelens explore` and `:open`,
/// `:theme`, `:export`, `:watch FILE` need, with errors that name the file.
enum ExplorerFiles {
    /// How backends are made: access, GraphQL configuration (schema) and network.
    struct Options: Sendable {
        var readOnly = false
        var configuration = CacheConfiguration()
        /// The network for watches and fetches; nil means none (watches read the cache only).
        var transport: (any NetworkTransport)?
        /// Whether adding a watch waits for its first result (not for remote endpoints).
        var waitsForWatches = true
    }

    /// Opens a snapshot `.json` file, or else a SQLite cache file (Apollo's format).
    static func openBackend(path: String, options: Options) throws -> any ExplorerBackend {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExplorerError.file(path: path, reason: "no such file")
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        if path.hasSuffix(".json") {
            return backend(InMemoryNormalizedCache(records: try snapshot(path)), name: name, options: options)
        }
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: options.readOnly))
        return backend(cache, name: name, options: options) { try cache.hasExternalChanges() }
    }

    /// A backend over `cache`: a store with the configuration, a client with the network.
    static func backend(_ cache: NormalizedCache, name: String, options: Options,
                        externalChanges: (@Sendable () throws -> Bool)? = nil) -> StoreBackend {
        let store = CacheStore(cache: cache, configuration: options.configuration)
        let client = GraphQLClient(store: store, transport: options.transport ?? ScriptedTransport())
        return StoreBackend(client: client, sourceName: name, readOnly: options.readOnly,
                            watchPolicy: options.transport == nil ? .returnCacheDataDontFetch : .returnCacheDataElseFetch,
                            waitsForWatches: options.waitsForWatches, externalChanges: externalChanges)
    }

    /// The records of a snapshot file, read by the library's codec (the one `cachelens export`
    /// and `import` use), so the explorer and the commands read and write the same files.
    static func snapshot(_ path: String) throws -> RecordSet {
        try Snapshot.decode(try readBytes(path), source: path)
    }

    /// A configuration knowing the schema in `paths` (none: schema-less reads).
    static func configuration(schemaPaths: [String]) throws -> CacheConfiguration {
        guard !schemaPaths.isEmpty else { return CacheConfiguration() }
        let texts = try schemaPaths.map(readText)
        do {
            return CacheConfiguration(schema: try CacheSchema.load(sdl: texts))
        } catch {
            throw ExplorerError.file(path: schemaPaths.joined(separator: ", "), reason: "invalid schema: \(error)")
        }
    }

    static func readBytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ExplorerError.file(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
        }
        return Array(data)
    }

    static func readText(_ path: String) throws -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }

    static func write(_ path: String, _ bytes: [UInt8]) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw ExplorerError.file(path: path, reason: "cannot be written")
        }
    }

    /// A theme by name (`themes/NAME.json`, `default` is compiled in) or by path to a JSON file.
    static func loadTheme(_ nameOrPath: String) throws -> Theme {
        if nameOrPath == "default" { return .default }
        let path: String
        if nameOrPath.hasSuffix(".json") {
            path = nameOrPath
        } else if let url = ResourceLocator.find("themes/\(nameOrPath).json") {
            path = url.path
        } else {
            throw ExplorerError.invalid("unknown theme \"\(nameOrPath)\" (bundled: default, light, high-contrast, monochrome)")
        }
        return try Theme.load(json: try readText(path), source: path)
    }

    /// The environment handed to the explorer.
    static func environment(options: Options) -> ExplorerEnvironment {
        ExplorerEnvironment(
            openBackend: { try openBackend(path: $0, options: options) },
            loadTheme: { try loadTheme($0) },
            readFile: { try readText($0) },
            writeFile: { try write($0, $1) }
        )
    }
}
