import CacheExplorer
import Foundation
import GraphQLCache

/// Opening data and themes from files for the explorer: what `cachelens explore` and `:open`,
/// `:theme`, `:export`, `:watch FILE` need, with errors that name the file.
enum ExplorerFiles {
    /// Opens a snapshot `.json` file (or, when this build has SQLite, a `.sqlite` file).
    static func openBackend(path: String, readOnly: Bool) throws -> any ExplorerBackend {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExplorerError.file(path: path, reason: "no such file")
        }
        if path.hasSuffix(".json") { return try openSnapshot(path: path, readOnly: readOnly) }
        throw ExplorerError.file(path: path, reason: "not a snapshot .json file, and this build cannot open SQLite files yet")
    }

    /// Loads a snapshot into an in-memory cache.
    static func openSnapshot(path: String, readOnly: Bool, name: String? = nil) throws -> any ExplorerBackend {
        let records = try SnapshotFile.decode(try readBytes(path), path: path)
        let cache = InMemoryNormalizedCache(records: records)
        return CacheBackend(cache: cache, sourceName: name ?? URL(fileURLWithPath: path).lastPathComponent, readOnly: readOnly)
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
    static func environment(readOnly: Bool) -> ExplorerEnvironment {
        ExplorerEnvironment(
            openBackend: { try openBackend(path: $0, readOnly: readOnly) },
            loadTheme: { try loadTheme($0) },
            readFile: { try readText($0) },
            writeFile: { try write($0, $1) }
        )
    }
}
