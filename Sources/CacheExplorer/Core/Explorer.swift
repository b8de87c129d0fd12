import GraphQLCache

/// The explorer's model: the state, the backend it reads and writes through, the theme and the
/// key map. `send` is the reducer (event in, new state out); `render` draws the state. No
/// terminal in sight: `NcursesTerminal`, `HeadlessTerminal`, the harness and tests all drive this.
package struct Explorer {
    /// Everything the screen shows.
    package internal(set) var state: ExplorerState
    /// The colours terminals draw with (`:theme` changes it).
    package internal(set) var theme: Theme
    /// Key bindings; help is generated from them.
    package internal(set) var keyMap: KeyMap
    /// The data (`:open` replaces it).
    package internal(set) var backend: any RecordBrowsing
    let environment: ExplorerEnvironment
    /// Where the backend's news waits (store changes, watch results, finished queries) until
    /// the next turn (`turn`) applies it.
    package let inbox = ChangeQueue()
    /// The list's keys in order when the backend cannot page them (a `type:` or `re:` filter, an
    /// order other than by key); nil when it pages them itself.
    var listKeys: [CacheKey]?
    /// The filter and order `listKeys` were built for.
    var listKeysSource: ListBuilding.Source?
    /// Where the list's keys are built in the background.
    let listWork = ListKeysWork()
    /// The background scan of a command that reads every record (`:lint`, `:gc`, `:sizes`).
    let scanWork = ScanWork()
    /// A scan's outcome that arrived while a prompt had the keyboard: shown once none has.
    var finishedScan: (kind: BackgroundScan.Kind, outcome: BackgroundScan.Outcome)?
    /// Where Esc returns from a read-only "as of" view of the past (`showAsOf`).
    var timeTravelReturn: TimeTravelReturn?
    /// Text the pager's `E` asked to show in `$PAGER`/`$EDITOR`; the loop runs it.
    package internal(set) var viewRequest: ViewRequest?

    /// Opens the explorer on `backend` at `size`, loading the first page of keys only.
    package init(backend: any RecordBrowsing, size: Size, theme: Theme = .default, keyMap: KeyMap = .default,
                environment: ExplorerEnvironment = .isolated) {
        FrameMemory.keepFramesInTheHeap()
        self.backend = backend
        self.theme = theme
        self.keyMap = keyMap
        self.environment = environment
        state = ExplorerState(size: size, sourceName: backend.sourceName, readOnly: Self.isReadOnly(backend))
        state.pulledFrom = environment.pulledFrom(backend)
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
        backend.scanBrokenRows(waiting: state.list.readingKeys == nil && state.list.filter.isEmpty && state.list.count <= Self.brokenRowScanLimit)
        state.brokenRows = backend.brokenRows
    }

    /// Sends the backend's news to the inbox and takes its watches as they are.
    private mutating func listen(to backend: any RecordBrowsing) {
        backend.onChange { [inbox] in inbox.post($0) }
        state.keepsWriteLog = (backend as? any HistoryHosting)?.writeLog != nil
        let host = backend as? any WatchHosting
        state.watches = host?.watches() ?? []
        state.watchesUseNetwork = host?.watchesUseNetwork ?? false
        state.networkName = host?.networkName
        state.schemaTypes = backend.schema?.typeCount
    }

    /// The schema asked of the endpoint at start did not come: the status bar says `reason`
    /// (`HTTP 401`) and the message line the whole `message`, in the UI rather than only on
    /// standard error before it opened.
    package mutating func noteSchemaProblem(_ reason: String, message: String) {
        state.schemaProblem = reason
        state.message = StatusMessage(message, isError: true)
    }

    /// Whether the user asked to quit.
    package var isFinished: Bool { state.isFinished }

    /// The screen for the current state.
    package func render() -> Grid { Renderer.render(state, theme: theme, keyMap: keyMap) }

    /// Applies one event.
    package mutating func send(_ action: Action) {
        apply(action)
        if finishedScan != nil { showFinishedScan() }
        if !action.onlyReportsProgress { markVisibleDanglingReferences() }
    }

    private mutating func apply(_ action: Action) {
        switch action {
        case .keyPressed(let key):
            keyPressed(key)
        case .pasted(let text):
            paste(text)
        case .resized(let size):
            state.size = size
            withPager { pager, height in pager.rewrap(width: Pager.textWidth(size)); pager.scroll(to: pager.top, height: height) }
            reloadList()
            clampRecordView()
        case let .storeDidChange(change, records):
            if change.isExternal { backend.scanBrokenRows(waiting: false) }
            refreshAfterChange()
            if case .log = state.mode { reloadLog(keepingPosition: nil) }
            if change.isExternal { inform(Self.externalChangeMessage(records: records ?? change.affectedRecords.count)) }
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
            keysCounted(filter: filter, count: count)
        case .keysRead(let progress):
            keysRead(progress)
        case .watchesDidUpdate:
            refreshWatches()
        case .watchWrote(let write):
            watchWrote(write)
        case let .queryExplained(id, outcome):
            queryExplained(id: id, outcome)
        case let .listKeysProgressed(id, fraction):
            listKeysProgressed(id: id, fraction: fraction)
        case let .listKeysBuilt(id, outcome):
            listKeysBuilt(id: id, outcome)
        case let .scanProgressed(id, fraction):
            scanProgressed(id: id, fraction: fraction)
        case let .scanFinished(id, outcome):
            scanFinished(id: id, outcome)
        case let .longWorkProgressed(id, fraction):
            longWorkProgressed(id: id, fraction: fraction)
        case let .longWorkFinished(id, outcome):
            longWorkFinished(id: id, outcome)
        case .tick(let now):
            state.now = now
            expireFlashes(now: now)
            noteLockWait()
        case let .mousePressed(row, column):
            mousePressed(row: row, column: column)
        case let .mouseDoubleClicked(row, column):
            mousePressed(row: row, column: column, double: true)
        case let .mouseScrolled(row, column, lines):
            mouseScrolled(row: row, column: column, lines: lines)
        }
    }

    /// `external change seen in 3 records`: what another process's commit did to what the
    /// explorer knows (the records it read that changed, rows added and removed). Said as
    /// "seen": an app re-saving 100,000 rows whose contents were never read here changes more
    /// than that, and a bare "3 records" read as the size of the commit.
    static func externalChangeMessage(records count: Int) -> String {
        "external change seen in \(count) record\(count == 1 ? "" : "s")"
    }

    /// How long a changed watch flashes.
    package static let flashDuration: Duration = .milliseconds(1500)

    /// Ends the flash once `flashDuration` has passed since the first tick that saw it.
    private mutating func expireFlashes(now: Duration) {
        guard !state.flashing.isEmpty else { state.flashingSince = nil; return }
        guard let since = state.flashingSince else { state.flashingSince = now; return }
        if now - since >= Self.flashDuration {
            state.flashing = []
            state.flashingSince = nil
        }
    }

    private mutating func keyPressed(_ key: Key) {
        switch state.mode {
        case .normal: normalKey(key)
        case .filter(let input): filterKey(key, input)
        case .command(let input): commandKey(key, input)
        case .edit(let dialog): editKey(key, dialog)
        case .deletePattern(let input): patternKey(key, input)
        case .log(let list) where list.filterInput != nil: logFilterKey(key, list)
        case .help, .inbound, .lint, .log, .sizes, .diff, .caches, .readers: overlayKey(key)
        case .watchInput(let input): watchInputKey(key, input)
        case .confirm(let confirmation): confirmKey(key, confirmation)
        case .editWatch(let editor): watchEditorKey(key, editor)
        case .pager(let pager): pagerKey(key, pager)
        }
    }

    private mutating func normalKey(_ key: Key) {
        if state.focus == .query, consoleKey(key) { return }
        guard let command = keyMap.command(for: key) else {
            state.message = StatusMessage("\(key) is not bound; \(keyMap.keyName(.help)) shows the keys", isError: true)
            return
        }
        state.message = nil
        run(command)
    }

    /// Runs a bound command in normal mode through the row that answers it in the focused
    /// pane (`ExplorerState.binding(for:)`); a disabled one is refused with its reason.
    mutating func run(_ command: Command) {
        guard let binding = state.binding(for: command), let action = binding.action else { return }
        if let reason = binding.disabledReason(state) {
            state.message = StatusMessage(reason.message(keys: keyMap), isError: true)
            return
        }
        action(&self)
    }

    /// Esc: stops what runs, else closes or clears the innermost thing open.
    mutating func cancel() {
        if stopWaitingForLock() { return }
        if cancelBackgroundWork() { return }
        if cancelFind() { return }
        if cancelScan() { return }
        if cancelListBuild() { return }
        if state.openWatch != nil { closeWatch(); return }
        if state.focus == .query { state.focus = .records; return }
        if !state.list.filter.isEmpty { applyFilter(""); return }
        if !state.diffMarks.isEmpty { state.diffMarks = [:]; inform("diff marks cleared"); return }
        if leaveTimeTravel() { return }
        state.message = nil
    }

    /// Reports a failure in the status line.
    mutating func fail(_ error: any Error) {
        // Refused for another process's lock: the status line says so and the read is made
        // again once the lock is gone (`noteLockWait`).
        if let contention = error as? LockContention, contention.isLockContention {
            state.lockedOutReads = true
            return
        }
        state.message = StatusMessage("\(error)", isError: true)
    }

    /// Shows a message in the status line (startup notes from the command, for instance).
    package mutating func show(_ message: StatusMessage) { state.message = message }

    mutating func inform(_ text: String) {
        state.message = StatusMessage(text)
    }

    /// Replaces the backend (`:open`), starting over on the new data.
    mutating func replaceBackend(_ newBackend: any RecordBrowsing) {
        // A scan of the old data would only be thrown away.
        scanWork.stop()
        finishedScan = nil
        backend = newBackend
        let size = state.size
        state = ExplorerState(size: size, sourceName: newBackend.sourceName, readOnly: Self.isReadOnly(newBackend))
        state.pulledFrom = environment.pulledFrom(newBackend)
        listen(to: newBackend)
        reloadList()
        findBrokenRows()
    }

    mutating func setTheme(_ newTheme: Theme) { theme = newTheme }
}
