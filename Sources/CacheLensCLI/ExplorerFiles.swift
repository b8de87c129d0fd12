import CacheExplorer
import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// What the explorer needs from files, through the one input layer (`Inputs/`): backends on
/// cache files for `cachelens explore` and `:open`, themes for `--theme` and `:theme`, and the
/// environment for `:watch FILE`, `:query FILE` and `:export`.
package enum ExplorerFiles {
    /// How backends are made: access, GraphQL configuration (schema) and network.
    package struct Options: Sendable {
        package var readOnly = false
        package var configuration = CacheConfiguration()
        /// The network for watches and fetches; nil means none (watches read the cache only).
        package var transport: (any NetworkTransport)?
        /// Whether adding a watch waits for its first result (not for remote endpoints).
        package var waitsForWatches = true
        /// Why the endpoint's schema did not come by introspection (`HTTP 401`) and the whole
        /// line saying so, for the explorer to show; nil when nothing failed.
        var schemaProblem: (reason: String, message: String)?

        package init(readOnly: Bool = false, configuration: CacheConfiguration = CacheConfiguration(),
                     transport: (any NetworkTransport)? = nil, waitsForWatches: Bool = true) {
            self.readOnly = readOnly
            self.configuration = configuration
            self.transport = transport
            self.waitsForWatches = waitsForWatches
        }
        /// The caches `cachelens caches` finds, for `:open N`; nil: no search.
        var findCaches: (@Sendable () throws -> [FoundCache])?
        /// The backends that show copies pulled off a device (`R` pulls them again).
        let pulled = PulledCaches()
    }

    /// Opens a cache `cachelens caches` found. A copy pulled off an Android device opens
    /// read-only (edits would never reach the app) and is remembered so that `R` pulls it again.
    static func openFound(_ cache: FoundCache, options: Options) throws -> any ExplorerBackend {
        var readOnlyOptions = options
        readOnlyOptions.readOnly = options.readOnly || cache.source == .android
        let backend = try openBackend(path: cache.path, options: readOnlyOptions)
        options.pulled.remember(backend, pulledAs: cache)
        return backend
    }

    /// Opens a cache file (SQLite, or a snapshot `.json` in memory) as `CacheFile.open` does.
    /// A snapshot is watched for other programs' rewrites (`SnapshotFileSource`). The process
    /// gives large freed blocks back from then on (`FreedMemory`): the explorer's big reads would
    /// otherwise stay resident after they end.
    package static func openBackend(path: String, options: Options, create: CacheFile.Creation = .refused) throws -> any ExplorerBackend {
        FreedMemory.returnLargeBlocks()
        // The stamp is taken before reading, so that a rewrite during the read is seen later.
        let stamp = CacheFile.isSnapshotPath(path) ? SnapshotFileSource.stamp(path) : nil
        let file = try CacheFile.open(path, readOnly: options.readOnly, create: create)
        let source = file.format == .snapshot ? SnapshotFileSource(path: path, stamp: stamp) : nil
        // Another Apollo format is named in the status bar and opens read-only (its reason is
        // in `stats` and docs/FORMATS.md).
        var options = options
        options.readOnly = options.readOnly || file.readOnlyReason != nil
        let name = [CacheFormat.apolloIOS, .snapshot].contains(file.format) ? file.name : "\(file.name) [\(file.format.displayName)]"
        return backend(file.cache, name: name, options: options, externalSource: source, logRows: file.sqlite.map(storedRows),
                       recordDates: recordDates(file))
    }

    /// The dates the explorer shows in a record's title (Apollo Kotlin 1.0 files keep them).
    private static func recordDates(_ file: CacheFile) -> [CacheKey: RecordDates] {
        var dates = file.updated.mapValues { RecordDates(updated: $0) }
        for (key, date) in file.received { dates[key, default: RecordDates()].received = date }
        return dates
    }

    /// A backend over `cache`: a store with the configuration, a client with the network.
    static func backend(_ cache: any BrowsableNormalizedCache, name: String, options: Options,
                        externalSource: (any ExternalRecordSource)? = nil, logRows: WriteLog.Rows? = nil,
                        recordDates: [CacheKey: RecordDates] = [:]) -> StoreBackend {
        StoreBackend(cache: cache, sourceName: name, readOnly: options.readOnly, configuration: options.configuration,
                     transport: options.transport, waitsForWatches: options.waitsForWatches, externalSource: externalSource,
                     logRows: logRows, recordDates: recordDates)
    }

    /// The rows of a SQLite file as stored, for the write log: its digests are then the ones
    /// `cachelens record` writes in a journal of the same file.
    static func storedRows(_ sqlite: SQLiteNormalizedCache) -> WriteLog.Rows {
        sqlite.keepExternalBeforeImages()
        return WriteLog.Rows(each: { body in
            let rows = try sqlite.rowsInKeyOrder()
            while let row = try rows.next() { try body(row) }
        }, current: { try sqlite.storedJSON(forKeys: $0) }, ordered: { try sqlite.rowsInKeyOrder() },
        externalBefore: { sqlite.takeExternalBeforeImages($0) })
    }

    /// A theme by name (`themes/NAME.json`, `default` is compiled in) or by path to a JSON file;
    /// `option` is what the user typed it after (`--theme`, or `:theme` inside the explorer), so
    /// an unknown name is reported against the command that was used.
    static func loadTheme(_ nameOrPath: String, option: String = "--theme") throws -> Theme {
        if nameOrPath == "default" { return .default }
        let path: String
        if nameOrPath.hasSuffix(".json") {
            path = nameOrPath
        } else if let url = BundledFiles.theme(named: nameOrPath) {
            path = url.path
        } else {
            throw CommandError.invalidOption(name: option, value: nameOrPath,
                                             reason: "unknown theme (bundled: default, light, high-contrast, monochrome)")
        }
        return try Theme.load(json: try InputFile.readText(path, role: "theme"), source: path)
    }

    /// The environment handed to the explorer.
    static func environment(options: Options) -> ExplorerEnvironment {
        ExplorerEnvironment(
            openBackend: { path in
                // `:open N`: the cache numbered N by `cachelens caches`, unless a file has that name.
                guard let number = Int(path), !FileManager.default.fileExists(atPath: path), let find = options.findCaches else {
                    return try openBackend(path: path, options: options)
                }
                return try openFound(try CacheChoice.choose(try find(), number: number, app: nil), options: options)
            },
            loadTheme: { try loadTheme($0, option: ":theme") },
            readFile: { try InputFile.readText($0, role: "file") },
            writeFile: { try OutputFile.write($0, $1) },
            findCaches: listing(options.findCaches),
            pulledFrom: { options.pulled.origin(of: $0).map(PulledCaches.describe) },
            repull: { try repull($0, options: options) },
            listDirectory: { folder in
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                return entries.map { entry in
                    var isFolder: ObjCBool = false
                    let path = (folder as NSString).appendingPathComponent(entry)
                    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? entry + "/" : entry
                }
            },
            viewer: ExternalViewerProcess.viewer(environment: ProcessInfo.processInfo.environment)
        )
    }

    /// `:open` with no file: the lines `cachelens caches` prints, numbered as `:open N` takes them.
    private static func listing(_ find: (@Sendable () throws -> [FoundCache])?) -> (@Sendable () throws -> [String])? {
        guard let find else { return nil }
        return { CacheListing.text(try find()).split(separator: "\n").map(String.init) }
    }

    /// `R`: pulls the copy `backend` shows off its device again and opens the fresh copy.
    private static func repull(_ backend: any RecordBrowsing, options: Options) throws -> any ExplorerBackend {
        guard let cache = options.pulled.origin(of: backend) else {
            throw CommandError.discovery(message: "\(backend.sourceName) was not pulled off a device")
        }
        return try openFound(try AndroidScan.repull(cache), options: options)
    }
}
