import GraphQLCache

/// Everything the screen shows, as plain data: `reduce` changes it, `render` draws it, and
/// tests state it whole.
package struct ExplorerState: Hashable, Sendable {
    /// The screen size everything is laid out for.
    package var size: Size
    /// The file (or `sample`) the status bar names.
    package var sourceName: String
    /// Whether changes are refused (`--read-only`).
    package var readOnly: Bool
    /// Where the data was pulled from when it is a device's copy (`R` pulls it again), else nil.
    package var pulledFrom: String?
    /// The pane keys act on.
    package var focus: Pane = .records
    /// Browsing, or the prompt or overlay that has the keyboard.
    package var mode: Mode = .normal
    /// The record list (only its visible page is held).
    package var list = RecordListState()
    /// The record shown, if any.
    package var record: RecordViewState?
    /// Records visited before the current one (breadcrumbs), and after it (`l`).
    package var back: [CacheKey] = []
    /// Records gone back from, for `l`.
    package var forward: [CacheKey] = []
    /// Where the user left each record in `back` and `forward`, restored on return.
    package var places: [CacheKey: RecordPlace] = [:]
    /// The bottom line's message, until the next key.
    package var message: StatusMessage?
    /// Changes `u` can take back, latest last.
    package var undo: [UndoEntry] = []
    /// Changes `u` took back that `C-r` can make again, latest last; a new change empties it.
    package var redo: [RedoEntry] = []
    /// Changes made to data held only in memory since it was opened or last exported:
    /// quitting asks first while this is above zero.
    package var unsavedChanges = 0
    /// The watches as last read from the backend.
    package var watches: [WatchSnapshot] = []
    /// Watches whose result changed lately: drawn flashing until `Explorer.flashDuration` of
    /// ticks has passed.
    package var flashing: Set<String> = []
    /// The tick that first saw the current flash (nil until one has, or when nothing flashes).
    package var flashingSince: Duration?
    /// The watch selected in the watches pane.
    package var selectedWatch = 0
    /// The watch open in the workspace (Enter on a watch), filling the screen.
    package var openWatch: String?
    /// The workspace's first result row shown.
    package var watchTop = 0
    /// When each watch's result last changed (the loop's clock), for "last change 4 s ago".
    package var watchChangedAt: [String: Duration] = [:]
    /// Whether watches go to the network on a miss (the delete preview warns).
    package var watchesUseNetwork = false
    /// The loop's clock at the last tick.
    package var now: Duration = .zero
    /// Since when background work (a watch read, a console query) has been running; progress is
    /// shown once it has run `Explorer.progressDelay`.
    package var busySince: Duration?
    /// How long the explorer has been kept out by another process's lock on its file, as of
    /// the last tick (nil when it is not): the status line says it is waiting.
    package var lockWait: Duration?
    /// The name of the process holding that lock, when it could be found.
    package var lockHolder: String?
    /// Whether a read was refused for the lock, so the list and record are read again once
    /// it is gone.
    package var lockedOutReads = false
    /// Whether `Esc` dismissed the waiting line (until the lock is gone).
    package var lockWaitDismissed = false
    /// The big change running in the background (a delete or undo of many records), if any.
    package var longWork: LongWork?
    /// The background scan of `:lint`, `:gc` or `:sizes` under way.
    package var scan: BackgroundScan?
    /// What was entered in each prompt, oldest first (Up/Down recall it).
    package var history: [Prompt: [String]] = [:]
    /// The query console's input and last report.
    package var console = QueryConsole()
    /// Rows that are not records (broken JSON, no key), as the backend last found them.
    package var brokenRows = BrokenRowSummary()
    /// The last click, for telling a double click.
    package var lastClick: MouseClick?
    /// The `:` line's `Tab` completion while several candidates are cycled.
    package var completion: CommandCompletion?
    /// The `:find` search and its matches, if one was run.
    package var find: FindState?
    /// Text a copy (`y`) asked to put on the terminal's clipboard, until the loop hands it to
    /// the terminal (`Explorer.takePendingCopy`) at the end of the turn.
    package var pendingCopy: String?
    /// How many types the schema loaded has, nil without one (the status bar's `schema: 24 types`).
    package var schemaTypes: Int?
    /// Why the schema asked of the endpoint did not come (`HTTP 401`), shown in the status bar.
    package var schemaProblem: String?
    /// The network watches and the console fetch from (`127.0.0.1:8000`), nil offline.
    package var networkName: String?
    /// Set when the user quits.
    package var isFinished = false
    /// Whether the terminal shows ASCII only (a `C` or other non-UTF-8 locale): every other
    /// character of keys and values is then drawn as a `\u{…}` escape instead of being lost.
    package var asciiOnly = false
    /// Whether the data keeps a write log (`L`).
    package var keepsWriteLog = false
    /// How each record differs from the file of the last `:diff` (the list marks them).
    package var diffMarks: [CacheKey: RecordDelta.Kind] = [:]

    package init(size: Size, sourceName: String, readOnly: Bool) {
        self.size = size
        self.sourceName = sourceName
        self.readOnly = readOnly
    }

    /// Keeps `text` in `prompt`'s history (not empty, not the same as the last entry).
    package mutating func remember(_ text: String, in prompt: Prompt) {
        guard !text.trimmed.isEmpty, history[prompt]?.last != text else { return }
        history[prompt, default: []].append(text)
        if history[prompt]!.count > Prompt.historyLimit { history[prompt]!.removeFirst() }
    }

    /// Files a new change for `u`; what was undone before it can no longer be redone.
    package mutating func pushUndo(_ entry: UndoEntry) {
        undo.append(entry)
        redo = []
    }

    /// Current record and the trail to it: `QUERY_ROOT › Droid:2001`.
    package var breadcrumbs: [CacheKey] {
        guard let record else { return [] }
        return back + [record.key]
    }
}
