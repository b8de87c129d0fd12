import ArgumentParser
import CacheExplorer
import CacheExplorerCurses
import Foundation
import GraphQLCache

/// `cachelens explore` (the default): the terminal explorer on a cache file, a snapshot, or
/// with no arguments the bundled Star Wars sample.
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

    @Option(name: .customLong("watch"), help: "A .graphql file with a query to watch; may be repeated.")
    var watches: [String] = []

    @Option(help: "A GraphQL endpoint URL used as the network for watches and fetches.")
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
    }

    func run() throws {
        let openStart = ContinuousClock.now
        let opened: (backend: any ExplorerBackend, theme: Theme, executor: GraphQLExecutor)
        do {
            let opensSample = file == nil && snapshot == nil && schema.isEmpty
            let sampleSchema = opensSample ? ResourceLocator.find("sample-data/starwars.graphqls").map { [$0.path] } : nil
            let executor = try ExplorerFiles.executor(schemaPaths: sampleSchema ?? schema)
            opened = (try openBackend(executor), try ExplorerFiles.loadTheme(theme), executor)
            try addWatches(to: opened.backend, opensSample: opensSample)
        } catch {
            FileHandle.standardError.write(Data("cachelens: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if measure {
            ExplorerMeasurement.report(opened.backend, openStart: openStart)
            return
        }
        guard isatty(0) == 1, isatty(1) == 1 else {
            FileHandle.standardError.write(Data("cachelens: explore needs a terminal; scripts can use `cachelens harness` and its \"ui\" op\n".utf8))
            throw ExitCode(2)
        }
        runInTerminal(opened.backend, theme: opened.theme, executor: opened.executor)
    }

    private func openBackend(_ executor: GraphQLExecutor) throws -> any ExplorerBackend {
        if let snapshot { return try ExplorerFiles.openSnapshot(path: snapshot, readOnly: readOnly, executor: executor) }
        if let file { return try ExplorerFiles.openBackend(path: file, readOnly: readOnly, executor: executor) }
        guard let sample = ResourceLocator.find("sample-data/sample-cache.json") else {
            throw ExplorerError.file(path: "sample-data/sample-cache.json", reason: "the bundled sample was not found; give a file to open")
        }
        return try ExplorerFiles.openSnapshot(path: sample.path, readOnly: readOnly, name: "Star Wars sample", executor: executor)
    }

    /// `--watch` files, or with the bundled sample its `sample-data/watches/*.graphql`.
    private func addWatches(to backend: any ExplorerBackend, opensSample: Bool) throws {
        var files = watches
        if opensSample, let directory = ResourceLocator.find("sample-data/watches") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            files += names.filter { $0.hasSuffix(".graphql") }.sorted().map { directory.appendingPathComponent($0).path }
        }
        for path in files {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            do { try backend.addWatch(name: name, document: try ExplorerFiles.readText(path)) } catch {
                throw ExplorerError.file(path: path, reason: "cannot watch: \(error)")
            }
        }
    }

    private func runInTerminal(_ backend: any ExplorerBackend, theme: Theme, executor: GraphQLExecutor) {
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let terminal = NcursesTerminal(noColor: noColor)
        var explorer = Explorer(backend: backend, size: terminal.size, theme: theme,
                                environment: ExplorerFiles.environment(readOnly: readOnly, executor: executor))
        if endpoint != nil {
            explorer.show(StatusMessage("--endpoint: watches with network fetches are not in this build yet", isError: true))
        }
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run()
        terminal.close()
    }
}
