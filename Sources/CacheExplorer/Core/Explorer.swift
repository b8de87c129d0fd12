import GraphQLCache

/// The explorer's model: the state, the backend it reads and writes through, the theme and the
/// key map. `send` is the reducer (event in, new state out); `render` draws the state. No
/// terminal in sight: `NcursesTerminal`, `HeadlessTerminal`, the harness and tests all drive this.
public struct Explorer {
    /// Everything the screen shows.
    public internal(set) var state: ExplorerState
    /// The colours terminals draw with (`:theme` changes it).
    public internal(set) var theme: Theme
    /// Key bindings; help is generated from them.
    public internal(set) var keyMap: KeyMap
    /// The data (`:open` replaces it).
    public internal(set) var backend: any ExplorerBackend
    let environment: ExplorerEnvironment
    /// Where the backend's news waits (store changes, watch results, finished queries) until
    /// the loop, or `settle()`, applies it.
    public let inbox = ChangeQueue()

    /// Opens the explorer on `backend` at `size`, loading the first page of keys only.
    public init(backend: any ExplorerBackend, size: Size, theme: Theme = .default, keyMap: KeyMap = .default,
                environment: ExplorerEnvironment = .isolated) {
        self.backend = backend
        self.theme = theme
        self.keyMap = keyMap
        self.environment = environment
        state = ExplorerState(size: size, sourceName: backend.sourceName, readOnly: backend.isReadOnly)
        listen(to: backend)
        reloadList()
        findBrokenRows()
        markVisibleDanglingReferences()
    }

    /// Files up to this many keys are searched for broken rows before the first frame; bigger
    /// ones in the background (a pass over every row: about 0.4 s for a million).
    static let brokenRowScanLimit = 100_000

    /// Asks the backend for broken rows: at once for a small file, else in the background.
    mutating func findBrokenRows() {
        backend.scanBrokenRows(waiting: state.list.filter.isEmpty && state.list.count <= Self.brokenRowScanLimit)
        state.brokenRows = backend.brokenRows
    }

    /// Sends the backend's news to the inbox and takes its watches as they are.
    private mutating func listen(to backend: any ExplorerBackend) {
        backend.onChange { [inbox] in inbox.post($0) }
        state.watches = backend.watches()
        state.watchesUseNetwork = backend.watchesUseNetwork
    }

    /// For drivers without a loop (the harness `ui` op, tests): waits for the background work
    /// under way (watch reads, console queries) and applies what it delivered, as the loop does.
    public mutating func settle() {
        backend.waitUntilIdle()
        applyInbox()
    }

    /// Applies what waits in the inbox, a burst of store changes as one (as the loop does after
    /// each key): the store's change notification is how the explorer hears of its own edits.
    mutating func applyInbox() {
        for action in ExplorerLoop.coalesce(inbox.drain()) { send(action) }
    }

    /// Whether the user asked to quit.
    public var isFinished: Bool { state.isFinished }

    /// The screen for the current state.
    public func render() -> Grid { Renderer.render(state, theme: theme, keyMap: keyMap) }

    /// Applies one event.
    public mutating func send(_ action: Action) {
        apply(action)
        markVisibleDanglingReferences()
    }

    private mutating func apply(_ action: Action) {
        switch action {
        case .keyPressed(let key):
            keyPressed(key)
        case .pasted(let text):
            paste(text)
        case .resized(let size):
            state.size = size
            reloadList()
            clampRecordView()
        case .storeDidChange(let change):
            if change.isExternal { backend.scanBrokenRows(waiting: false) }
            refreshAfterChange()
            if change.isExternal { inform(Self.externalChangeMessage(change)) }
        case .externalSourceChanged(let name):
            takeExternalVersion(of: name)
        case .externalSourceProblem(let message):
            state.message = StatusMessage(message, isError: true)
        case let .found(id, keys, fraction, finished):
            found(id: id, keys: keys, fraction: fraction, finished: finished)
        case .brokenRowsScanned:
            state.brokenRows = backend.brokenRows
            reloadList(refetch: true)
        case let .keysCounted(filter, count):
            if filter == state.list.filter, !state.list.countIsExact {
                state.list.count = count
                state.list.countIsExact = true
            }
        case .watchesDidUpdate:
            refreshWatches()
        case .watchWrote(let write):
            watchWrote(write)
        case let .queryExplained(id, outcome):
            queryExplained(id: id, outcome)
        case .tick(let now):
            state.now = now
            expireFlashes(now: now)
        case let .mousePressed(row, column):
            mousePressed(row: row, column: column)
        case let .mouseScrolled(row, column, lines):
            mouseScrolled(row: row, column: column, lines: lines)
        }
    }

    /// `external change: 3 records`: what another process's commit did to what was read.
    static func externalChangeMessage(_ change: CacheChange) -> String {
        let count = change.affectedRecords.count
        return "external change: \(count) record\(count == 1 ? "" : "s")"
    }

    /// How long a changed watch flashes.
    public static let flashDuration: Duration = .milliseconds(1500)

    /// Ends the flash once `flashDuration` has passed since the first tick that saw it.
    private mutating func expireFlashes(now: Duration) {
        guard !state.flashing.isEmpty else { state.flashingSince = nil; return }
        guard let since = state.flashingSince else { state.flashingSince = now; return }
        if now - since >= Self.flashDuration {
            state.flashing = []
            state.flashingSince = nil
        }
    }

    /// Applies a sequence of keys (the harness `ui` op, tests), and after each what it caused
    /// (its store change), as the loop does. While a line input has the keyboard, a run of
    /// typed characters goes in as one insertion, as a paste does: typing N characters into a
    /// filter filters once, not N times over a growing text.
    public mutating func press(_ keys: [Key]) {
        var index = keys.startIndex
        while index < keys.endIndex {
            let run = state.readsText ? keys[index...].prefix { if case .character = $0 { return true } else { return false } } : []
            if run.count > 1 {
                insertText(String(run.map { if case .character(let c) = $0 { return c } else { return " " } }))
                index += run.count
            } else {
                send(.keyPressed(keys[index]))
                index += 1
            }
            applyInbox()
        }
    }

    private mutating func keyPressed(_ key: Key) {
        switch state.mode {
        case .normal: normalKey(key)
        case .help(let top): helpKey(key, top: top)
        case .filter(let input): filterKey(key, input)
        case .command(let input): commandKey(key, input)
        case .edit(let dialog): editKey(key, dialog)
        case .deletePattern(let input): patternKey(key, input)
        case .inbound(let list): inboundKey(key, list)
        case .lint(let list): lintKey(key, list)
        case .watchInput(let input): watchInputKey(key, input)
        case .confirm(let confirmation): confirmKey(key, confirmation)
        case .editWatch(let editor): watchEditorKey(key, editor)
        }
    }

    private mutating func normalKey(_ key: Key) {
        if state.focus == .query, consoleKey(key) { return }
        guard let command = keyMap.command(for: key) else {
            state.message = StatusMessage("\(key) is not bound; ? shows the keys", isError: true)
            return
        }
        state.message = nil
        run(command)
    }

    /// Runs a bound command in normal mode; a disabled one is refused with its reason.
    mutating func run(_ command: Command) {
        if let reason = state.disabledReason(for: command) {
            state.message = StatusMessage(reason.message, isError: true)
            return
        }
        switch command {
        case .moveDown: move(by: 1)
        case .moveUp: move(by: -1)
        case .pageDown: move(by: pageHeight)
        case .pageUp: move(by: -pageHeight)
        case .top: move(to: 0)
        case .bottom: move(to: Int.max)
        case .follow: follow()
        case .back: goBack()
        case .forward: goForward()
        case .nextPane: nextPane()
        case .filter: state.mode = .filter(LineInput(state.list.filter))
        case .nextMatch: nextMatch(forward: true)
        case .previousMatch: nextMatch(forward: false)
        case .edit: state.focus == .watches ? beginWatchEdit() : beginEdit()
        case .delete: state.focus == .watches ? removeSelectedWatch() : beginDelete()
        case .refetch: refetchSelectedWatch()
        case .deleteByPattern: beginPatternDelete()
        case .undo: undoLast()
        case .addWatch: state.mode = .watchInput(LineInput())
        case .queryConsole: state.focus = .query
        case .inbound: showInbound()
        case .commandLine: state.mode = .command(LineInput())
        case .help: state.mode = .help(top: 0)
        case .quit: requestQuit()
        case .cancel: cancel()
        }
    }

    private mutating func cancel() {
        if cancelBackgroundWork() { return }
        if cancelFind() { return }
        if state.openWatch != nil { closeWatch(); return }
        if state.focus == .query { state.focus = .records; return }
        if !state.list.filter.isEmpty { applyFilter(""); return }
        state.message = nil
    }

    /// Reports a failure in the status line.
    mutating func fail(_ error: any Error) {
        state.message = StatusMessage("\(error)", isError: true)
    }

    /// Shows a message in the status line (startup notes from the command, for instance).
    public mutating func show(_ message: StatusMessage) { state.message = message }

    mutating func inform(_ text: String) {
        state.message = StatusMessage(text)
    }

    /// Replaces the backend (`:open`), starting over on the new data.
    mutating func replaceBackend(_ newBackend: any ExplorerBackend) {
        backend = newBackend
        let size = state.size
        state = ExplorerState(size: size, sourceName: newBackend.sourceName, readOnly: newBackend.isReadOnly)
        listen(to: newBackend)
        reloadList()
        findBrokenRows()
    }

    mutating func setTheme(_ newTheme: Theme) { theme = newTheme }
}
