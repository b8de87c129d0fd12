import ArgumentParser
import CacheExplorer
import CacheExplorerCurses
import Foundation
import GraphQLCache

/// `cachelens explore` (the default): the terminal explorer on a cache file, a snapshot, or
/// with no arguments the bundled Star Wars sample (sample server as network, sample watches).
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Browse, edit and query a normalized cache in the terminal (the default command)."
    )

    @Argument(help: "A cache file to open (.sqlite, or a snapshot .json). None opens the bundled sample.")
    var file: String?

    @Option(help: "Open a snapshot JSON file ({KEY: record}).")
    var snapshot: String?

    @Option(help: "A schema or schema-extension file (.graphqls); may be repeated.")
    var schema: [String] = []

    @Flag(help: "Refuse edits and deletes.")
    var readOnly = false

    @Option(help: "A theme name (default, light, high-contrast, monochrome) or a theme .json file.")
    var theme: String = "default"

    @Option(help: "A key-binding file: JSON of command to keys, e.g. {\"moveDown\": [\"j\", \"C-n\"]}.")
    var keys: String?

    @Option(name: .customLong("watch"), help: "A .graphql file with a query to watch; may be repeated.")
    var watches: [String] = []

    @Option(help: "A GraphQL endpoint URL used as the network for watches.")
    var endpoint: String?

    @Option(name: .customLong("header"), help: "An HTTP header for --endpoint, as Name:Value; may be repeated.")
    var headers: [String] = []

    @Flag(help: ArgumentHelp("Measure the first frame and one key press headless, print them, and exit.", visibility: .hidden))
    var measure = false

    func validate() throws {
        if file != nil && snapshot != nil { throw ValidationError("give either FILE or --snapshot, not both") }
        if !headers.isEmpty && endpoint == nil { throw ValidationError("--header needs --endpoint") }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header \(header): expected Name:Value")
        }
        if let endpoint, URL(string: endpoint)?.scheme?.hasPrefix("http") != true {
            throw ValidationError("--endpoint \(endpoint): expected an http(s) URL")
        }
    }

    private var opensSample: Bool { file == nil && snapshot == nil }

    func run() throws {
        let start = ContinuousClock.now
        let opened: (backend: any ExplorerBackend, theme: Theme, options: ExplorerFiles.Options)
        let keyMap: KeyMap
        do {
            let options = try makeOptions()
            keyMap = try keys.map { path in try KeyMap.load(json: try ExplorerFiles.readText(path), source: path) } ?? .default
            opened = (try openBackend(options), try ExplorerFiles.loadTheme(theme), options)
            try addWatches(to: opened.backend)
        } catch {
            FileHandle.standardError.write(Data("cachelens: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if measure {
            ExplorerMeasurement.report(opened.backend, openStart: start)
            return
        }
        guard isatty(0) == 1, isatty(1) == 1 else {
            FileHandle.standardError.write(Data("cachelens: explore needs a terminal; scripts can use `cachelens harness` and its \"ui\" op\n".utf8))
            throw ExitCode(2)
        }
        runInTerminal(opened.backend, theme: opened.theme, keyMap: keyMap, options: opened.options)
    }

    private func makeOptions() throws -> ExplorerFiles.Options {
        var options = opensSample && schema.isEmpty && endpoint == nil
            ? try SampleExplorerData.options(readOnly: readOnly)
            : ExplorerFiles.Options(readOnly: readOnly, configuration: try ExplorerFiles.configuration(schemaPaths: schema))
        if let endpoint, let url = URL(string: endpoint) {
            options.transport = HTTPNetworkTransport(url: url, headers: headerFields)
            options.waitsForWatches = false
        }
        return options
    }

    private var headerFields: [String: String] {
        var fields: [String: String] = [:]
        for header in headers {
            let name = header.prefix { $0 != ":" }
            fields[String(name).trimmingCharacters(in: .whitespaces)] =
                String(header.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    private func openBackend(_ options: ExplorerFiles.Options) throws -> any ExplorerBackend {
        if let snapshot {
            return ExplorerFiles.backend(InMemoryNormalizedCache(records: try ExplorerFiles.snapshot(snapshot)),
                                         name: URL(fileURLWithPath: snapshot).lastPathComponent, options: options)
        }
        if let file { return try ExplorerFiles.openBackend(path: file, options: options) }
        return try SampleExplorerData.backend(options: options)
    }

    /// `--watch` files, and with the bundled sample its `sample-data/watches/*.graphql`.
    private func addWatches(to backend: any ExplorerBackend) throws {
        let files = watches + (opensSample ? SampleExplorerData.watchFiles() : [])
        for path in files {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            do { try backend.addWatch(name: name, document: try ExplorerFiles.readText(path)) } catch {
                throw ExplorerError.file(path: path, reason: "cannot watch: \(error)")
            }
        }
    }

    private func runInTerminal(_ backend: any ExplorerBackend, theme: Theme, keyMap: KeyMap,
                               options: ExplorerFiles.Options) {
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let terminal = NcursesTerminal(noColor: noColor)
        let explorer = Explorer(backend: backend, size: terminal.size, theme: theme, keyMap: keyMap,
                                environment: ExplorerFiles.environment(options: options))
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run()
        terminal.close()
    }
}
