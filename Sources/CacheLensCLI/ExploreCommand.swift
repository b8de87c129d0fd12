import ArgumentParser
import CacheExplorer
import CacheExplorerCurses
import Foundation
import GraphQLCache

/// `cachelens explore` (the default): the terminal explorer on a cache file, a snapshot, or
/// with no arguments the bundled Star Wars sample (sample server as network, sample watches).
/// `cachelens-bench measure-explorer` takes the same arguments and opens them through
/// `openHeadless()`, so that what it measures is what `explore` would show.
package struct ExploreCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Browse, edit and query a normalized cache in the terminal (the default command)."
    )

    @Argument(help: "A cache file to open (.sqlite, or a snapshot .json), or a number from `cachelens caches`. None opens the bundled sample.")
    var file: String?

    @Option(help: "Open the cache of this app: a bundle id, app group id or Android package (or part of one), as `cachelens caches` lists them.")
    var app: String?

    @Flag(help: "Open the only cache `cachelens caches` finds.")
    var found = false

    @OptionGroup(title: "Finding caches (--app, --found, a number)")
    var discovery: DiscoveryOptions

    @Option(help: "Open a snapshot JSON file ({KEY: record}, a name ending in .json) in memory; the same as giving FILE.json.")
    var snapshot: String?

    @Flag(help: "Make a new SQLite cache at FILE when it is missing or 0 bytes (refused otherwise).")
    var create = false

    @Option(help: "A schema or schema-extension file (.graphqls); may be repeated.")
    var schema: [String] = []

    @Flag(help: "Refuse edits and deletes.")
    var readOnly = false

    @Option(help: "A journal of the cache (JSON lines, as `cachelens record` writes; created when missing): the write log shows its entries and the explorer appends its own changes to it.")
    var journal: String?

    @Option(help: "A theme name (default, light, high-contrast, monochrome) or a theme .json file.")
    var theme: String = "default"

    @Option(help: "A key-binding file: JSON of command to keys, e.g. {\"moveDown\": [\"j\", \"C-n\"]}.")
    var keys: String?

    @Option(name: .customLong("watch"), help: "A .graphql file with a query to watch; may be repeated.")
    var watches: [String] = []

    @Option(name: .customLong("variables"),
            help: "A JSON file of the variables of a --watch ({\"id\": \"1000\"}): the first --variables goes with the first --watch, and so on.")
    var watchVariables: [String] = []

    @OptionGroup(title: "Network (for watches and the query console)")
    var network: TransportOptions

    @OptionGroup(title: "Limits")
    var limitOptions: LimitOptions

    package init() {}

    package func validate() throws {
        if file != nil && snapshot != nil { throw ValidationError("give either FILE or --snapshot, not both") }
        if let snapshot, !CacheFile.isSnapshotPath(snapshot) {
            throw ValidationError("--snapshot \(snapshot): a snapshot is a .json file ({KEY: record}); give a SQLite cache as FILE, without --snapshot")
        }
        if create && (file == nil || CacheFile.isSnapshotPath(file ?? "")) {
            throw ValidationError("--create makes a new SQLite cache: give its FILE (not a .json snapshot)")
        }
        if create && readOnly { throw ValidationError("give either --create or --read-only, not both") }
        if journal != nil && (file == nil && snapshot == nil || cacheNumber != nil) {
            throw ValidationError("--journal goes with a cache FILE: the journal names the file it records")
        }
        if [app != nil, found, cacheNumber != nil, snapshot != nil].filter({ $0 }).count > 1 || (findsCache && file != nil && cacheNumber == nil) {
            throw ValidationError("give one of FILE, a number from `cachelens caches`, --app, --found or --snapshot")
        }
        if create && findsCache { throw ValidationError("--create makes a new cache at FILE; --app, --found and numbers open found caches") }
    }

    /// FILE as a number from `cachelens caches`, unless a file of that name exists.
    private var cacheNumber: Int? {
        guard let file, let number = Int(file), !FileManager.default.fileExists(atPath: file) else { return nil }
        return number
    }

    /// Whether the cache is one `cachelens caches` finds rather than a path.
    private var findsCache: Bool { app != nil || found || cacheNumber != nil }

    private var cachePath: String? { findsCache ? nil : file ?? snapshot }

    /// No file, and no server of the user's (whom the sample's operations must never reach):
    /// the bundled sample with its watches.
    private var opensSample: Bool {
        guard cachePath == nil, !findsCache else { return false }
        if case .http? = try? network.choice() { return false }
        return true
    }

    package func run() throws {
        do {
            try refuseUnknownSubcommand()
            // With --create, nothing may be written before the terminal is known to be there.
            if create { try requireTerminal() }
            let opened = try openEverything(waitsForWatches: false)
            try requireTerminal()
            let note = try attachJournal(to: opened.backend)
            runInTerminal(opened.backend, theme: opened.theme, keyMap: opened.keyMap, options: opened.options, note: note)
        } catch let error as ExitCode {
            throw error
        } catch {
            StandardOutput.error("cachelens: \(error)\n")
            throw ExitCode(1)
        }
    }

    /// The backend `explore` would open with these arguments, for measuring without a terminal:
    /// every watch is read before this returns, so that a measurement starts from its result.
    package func openHeadless() throws -> any ExplorerBackend {
        try openEverything(waitsForWatches: true).backend
    }

    /// Stops with status 2 when standard input or output is not a terminal, or `TERM` names one
    /// the full-screen explorer cannot draw on (unset, unknown, dumb): one line naming the
    /// problem, before ncurses could print its own "Error opening terminal".
    private func requireTerminal() throws {
        guard isatty(0) == 1 && isatty(1) == 1 else {
            StandardOutput.error("cachelens: explore needs a terminal; scripts can use `cachelens harness` and its \"ui\" op\n")
            throw ExitCode(2)
        }
        if let reason = NcursesTerminal.unusableReason(term: ProcessInfo.processInfo.environment["TERM"]) {
            StandardOutput.error("cachelens: explore cannot run here: \(reason)\n")
            throw ExitCode(2)
        }
    }

    /// `cachelens frobnicate`: a first argument that is not a file and looks like no path is
    /// a mistyped subcommand (unless `--create` asks for a cache of that name).
    private func refuseUnknownSubcommand() throws {
        guard let file, !create, cacheNumber == nil, !file.contains("/"), !file.contains("."), !FileManager.default.fileExists(atPath: file) else { return }
        let commands = CacheLensCommand.configuration.subcommands
            .filter { $0.configuration.shouldDisplay }
            .compactMap { $0.configuration.commandName }
        throw CommandError.unknownSubcommand(name: file, commands: commands)
    }

    /// Everything the explorer starts with: every file is read before the cache is opened, so
    /// a bad theme, key map or watch file writes nothing.
    private func openEverything(waitsForWatches: Bool) throws
        -> (backend: any ExplorerBackend, theme: Theme, keyMap: KeyMap, options: ExplorerFiles.Options) {
        var options = try networkOptions()
        // In a terminal nothing waits for a watch's first result (the UI shows it arriving and
        // keys keep working); a headless measurement wants the watches read before it measures.
        options.waitsForWatches = waitsForWatches
        let (simulators, adb) = (discovery.simulators, discovery.adb)
        options.findCaches = {
            var search = DiscoveryOptions()
            search.simulators = simulators
            search.adb = adb
            return try search.find()
        }
        let keyMap = try keys.map { path in try KeyMap.load(json: try InputFile.readText(path, role: "--keys"), source: path) } ?? .default
        let theme = try ExplorerFiles.loadTheme(theme)
        let watchTexts = try readWatches()
        let backend = try openBackend(options)
        for watch in watchTexts {
            let name = URL(fileURLWithPath: watch.path).deletingPathExtension().lastPathComponent
            do { try backend.addWatch(name: name, document: watch.text, variables: watch.variables?.text ?? "") } catch {
                let with = watch.variables.map { " with the variables of \($0.path)" } ?? ""
                throw CommandError.invalidContent(path: watch.path, role: "--watch", message: "\(watch.path): cannot watch\(with): \(error)")
            }
        }
        return (backend, theme, keyMap, options)
    }

    /// Every --watch file (the sample's with the sample) and the --variables file paired with it.
    private func readWatches() throws -> [(path: String, text: String, variables: (path: String, text: String)?)] {
        guard watchVariables.count <= watches.count else {
            throw CommandError.invalidOption(name: "--variables", value: watchVariables[watches.count],
                                             reason: "each --variables goes with a --watch, and there are \(watches.count) --watch")
        }
        let paths = watches + (opensSample ? SampleExplorerData.watchFiles() : [])
        return try paths.enumerated().map { index, path in
            let variables = watchVariables.indices.contains(index)
                ? (path: watchVariables[index], text: try InputFile.readText(watchVariables[index], role: "--variables")) : nil
            return (path, try InputFile.readText(path, role: "--watch"), variables)
        }
    }

    private func networkOptions() throws -> ExplorerFiles.Options {
        let limits = try limitOptions.limits()
        if opensSample, schema.isEmpty, try network.choice() != .scripted {
            return try SampleExplorerData.options(readOnly: readOnly, limits: limits)
        }
        var transport: (any NetworkTransport)?
        switch try network.choice() {
        case nil, .scripted?: break
        case let choice?: transport = try TransportOptions.make(choice)
        }
        var said: [String] = []
        let schemas = try transport.map { transport throws(CommandError) in
            try SchemaFiles.load(schema, limits: limits, network: network, transport: transport) { line in
                StandardOutput.error(line + "\n")
                said.append(line)
            }
        } ?? SchemaFiles.load(schema, limits: limits)
        var options = ExplorerFiles.Options(readOnly: readOnly, configuration: schemas.configuration)
        options.transport = transport
        options.schemaProblem = schemas.introspectionProblem.map { ($0, said.last ?? "schema: \($0)") }
        return options
    }

    private func openBackend(_ options: ExplorerFiles.Options) throws -> any ExplorerBackend {
        if let cachePath { return try ExplorerFiles.openBackend(path: cachePath, options: options, create: create ? .allowed : .refused) }
        if findsCache {
            return try ExplorerFiles.openFound(try CacheChoice.choose(try discovery.find(), number: cacheNumber, app: app), options: options)
        }
        if opensSample { return try SampleExplorerData.backend(options: options) }
        let name = if case .http(let url, _, _, _)? = try network.choice() { url.absoluteString } else { "empty cache" }
        return ExplorerFiles.backend(InMemoryNormalizedCache(), name: name, options: options)
    }

    /// `--journal`: the log reads the journal and appends to it. What keeps the journal from
    /// describing the cache (commits nobody recorded, gaps) is said when the explorer opens;
    /// another cache's journal stops `explore` with the reason.
    private func attachJournal(to backend: any ExplorerBackend) throws -> StatusMessage? {
        guard let journal, let cachePath else { return nil }
        guard let log = (backend as? any HistoryHosting)?.writeLog else {
            throw CommandError.invalidOption(name: "--journal", value: journal,
                                             reason: "this data keeps no write log")
        }
        let problems: [JournalProblem]
        do { problems = try log.attachJournal(path: journal, cachePath: cachePath) } catch {
            throw CommandError.invalidContent(path: journal, role: "journal", message: error.description)
        }
        guard !problems.isEmpty else { return StatusMessage("journal \(journal): \(log.entryCount) entries") }
        return StatusMessage("journal \(journal): " + problems.map(\.description).joined(separator: "; "), isError: true)
    }

    private func runInTerminal(_ backend: any ExplorerBackend, theme: Theme, keyMap: KeyMap,
                               options: ExplorerFiles.Options, note: StatusMessage? = nil) {
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let terminal = NcursesTerminal(noColor: noColor)
        var explorer = Explorer(backend: backend, size: terminal.size, theme: theme, keyMap: keyMap,
                                environment: ExplorerFiles.environment(options: options))
        explorer.drawForASCIIOnlyTerminal(terminal.asciiOnly)
        if let note { explorer.show(note) }
        if let problem = options.schemaProblem { explorer.noteSchemaProblem(problem.reason, message: problem.message) }
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run()
        terminal.close()
    }
}
