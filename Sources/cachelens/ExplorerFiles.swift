import CacheExplorer
import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// Opening data and themes from files for the explorer: what `cachelens explore` and `:open`,
/// `:theme`, `:export`, `:watch FILE` need, with errors that name the file.
enum ExplorerFiles {
    /// Opens a snapshot `.json` file, or else a SQLite cache file (Apollo's format).
    static func openBackend(path: String, readOnly: Bool, executor: GraphQLExecutor = GraphQLExecutor()) throws -> any ExplorerBackend {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExplorerError.file(path: path, reason: "no such file")
        }
        if path.hasSuffix(".json") { return try openSnapshot(path: path, readOnly: readOnly, executor: executor) }
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: readOnly))
        return StoreBackend(store: CacheStore(cache: cache), sourceName: URL(fileURLWithPath: path).lastPathComponent,
                            readOnly: readOnly, executor: executor, externalChanges: { try cache.hasExternalChanges() })
    }

    /// Loads a snapshot into an in-memory cache.
    static func openSnapshot(path: String, readOnly: Bool, name: String? = nil,
                             executor: GraphQLExecutor = GraphQLExecutor()) throws -> any ExplorerBackend {
        let records = try SnapshotFile.decode(try readBytes(path), path: path)
        let cache = InMemoryNormalizedCache(records: records)
        return StoreBackend(store: CacheStore(cache: cache), sourceName: name ?? URL(fileURLWithPath: path).lastPathComponent,
                            readOnly: readOnly, executor: executor)
    }

    /// An executor knowing the schema in `paths` (none: schema-less reads).
    static func executor(schemaPaths: [String]) throws -> GraphQLExecutor {
        guard !schemaPaths.isEmpty else { return GraphQLExecutor() }
        let texts = try schemaPaths.map(readText)
        do {
            return GraphQLExecutor(configuration: CacheConfiguration(schema: try CacheSchema.load(sdl: texts)))
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
    static func environment(readOnly: Bool, executor: GraphQLExecutor) -> ExplorerEnvironment {
        ExplorerEnvironment(
            openBackend: { try openBackend(path: $0, readOnly: readOnly, executor: executor) },
            loadTheme: { try loadTheme($0) },
            readFile: { try readText($0) },
            writeFile: { try write($0, $1) }
        )
    }
}
