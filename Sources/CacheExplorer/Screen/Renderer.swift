import CacheDiagnostics
import GraphQLCache

/// Draws a state into a grid: panes, status bar, prompt line and overlays. Pure presentation:
/// it reads only the state (the page of rows already fetched), never the backend.
package struct Renderer {
    var grid: Grid
    let state: ExplorerState
    let layout: Layout
    let keyMap: KeyMap

    /// The screen for `state` at its size. The grid carries style roles; `theme` is accepted so
    /// callers pass what terminals will colour it with, and names the theme in help.
    package static func render(_ state: ExplorerState, theme: Theme, keyMap: KeyMap = .default) -> Grid {
        var grid = Grid(size: state.size)
        grid.asciiOnly = state.asciiOnly
        var renderer = Renderer(grid: grid, state: state, layout: Layout(state: state), keyMap: keyMap)
        renderer.draw(themeName: theme.name)
        return renderer.grid
    }

    private mutating func draw(themeName: String) {
        guard state.size.width > 0, state.size.height > 0 else { return }
        if let rect = layout.list { drawList(in: rect) }
        if let rect = layout.record { drawRecord(in: rect) }
        if let rect = layout.watches { drawWatches(in: rect) }
        if let rect = layout.query { drawConsole(in: rect) }
        if let rect = layout.workspace { drawWorkspace(in: rect) }
        drawOverlay(themeName: themeName)
        let message = messageLines
        drawStatusBar(row: layout.statusRow - max(0, message.count - 1))
        drawMessageLine(message)
    }

    /// The status message wrapped to the screen, at most a third of it high (the last line
    /// then ends in `…`); empty when the bottom line shows something else.
    private var messageLines: [String] {
        guard layout.messageRow != layout.statusRow, let message = state.message, progressLine == nil else { return [] }
        switch state.mode {
        case .filter, .command, .deletePattern, .watchInput: return []
        case .pager(let pager) where pager.searchInput != nil: return []
        default: break
        }
        let lines = TextWrap.lines(message.text, width: max(1, state.size.width - 1), asciiOnly: state.asciiOnly)
        let limit = max(1, (state.size.height - 2) / 3)
        guard lines.count > limit else { return lines }
        return Array(lines.prefix(limit - 1)) + [TextWrap.fit(lines[limit - 1] + " " + lines[limit], width: state.size.width - 1)]
    }

    private mutating func drawStatusBar(row: Int) {
        grid.fill(Rect(row: row, column: 0, width: state.size.width, height: 1), role: .statusBar)
        // Grouped digits (`100,101 records`), as the command line prints counts; the parts are
        // shortened or dropped by rank to fit (`StatusBarParts`).
        let fixed = [modeName] + (state.readOnly ? ["read-only"] : [])
        // The breadcrumbs keep room for themselves, up to two fifths of the bar.
        let crumbWidth = state.breadcrumbs.isEmpty ? 0 : DisplayWidth.of(state.breadcrumbs.map(\.rawValue).joined(separator: " › ")) + 1
        let room = state.size.width - min(crumbWidth, state.size.width * 2 / 5)
        let parts = StatusBarParts(state).fitted(width: room, fixed: fixed) + fixed
        let left = " " + parts.joined(separator: " │ ") + " │ "
        var column = grid.put(left, row: row, column: 0, role: .statusBar)
        let crumbs = state.breadcrumbs.map(\.rawValue)
        guard !crumbs.isEmpty else { return }
        let available = state.size.width - column - 1
        column += grid.put(Self.fitBreadcrumbs(crumbs, width: available), row: row, column: column, role: .statusBar)
    }

    /// `a › b › c`, dropping the oldest with `…` until it fits.
    static func fitBreadcrumbs(_ crumbs: [String], width: Int) -> String {
        var shown = crumbs
        var text = shown.joined(separator: " › ")
        while DisplayWidth.of(text) > width, shown.count > 1 {
            shown.removeFirst()
            text = "… › " + shown.joined(separator: " › ")
        }
        return text
    }

    private var modeName: String {
        switch state.mode {
        case .normal where state.focus == .query: return "QUERY"
        case .normal where state.focus == .watches && state.openWatch != nil: return "WATCH"
        case .normal: return "BROWSE"
        case .help: return "HELP"
        case .filter: return "FILTER"
        case .command: return "COMMAND"
        case .edit: return "EDIT"
        case .confirm(.quit): return "QUIT"
        case .confirm, .deletePattern: return "DELETE"
        case .inbound: return "INBOUND"
        case .lint: return "LINT"
        case .log: return "LOG"
        case .sizes: return "SIZES"
        case .diff: return "DIFF"
        case .caches: return "OPEN"
        case .readers: return "READERS"
        case .pager: return "VIEW"
        case .watchInput, .editWatch: return "WATCH"
        }
    }

    /// The bottom line: a prompt, progress, the message (its lines above, over the panes, when
    /// it wraps; the status bar moves up with them) or the key hints.
    private mutating func drawMessageLine(_ message: [String]) {
        let row = layout.messageRow
        guard row != layout.statusRow else { return }
        switch state.mode {
        case .filter(let input):
            prompt("/", input)
            // A filter that cannot apply (a bad regular expression) says why beside the text.
            if let message = state.message, message.isError { drawAfterPrompt(input, [(message.text, .statusError)]) }
        case .command(let input):
            prompt(":", input)
            if let completion = state.completion { drawCandidates(completion) }
        case .deletePattern(let input): prompt("delete keys containing: ", input)
        case .watchInput(let input): prompt("watch (document or file): ", input)
        case .log(let list) where list.filterInput != nil: prompt("log filter (origin or key): ", list.filterInput!)
        case .pager(let pager) where pager.searchInput != nil: prompt("search: ", pager.searchInput ?? LineInput())
        default:
            if let progress = progressLine {
                grid.put(progress, row: row, column: 0, role: .statusMessage)
            } else if let status = state.message {
                let top = row - max(0, message.count - 1)
                for (offset, line) in message.enumerated() {
                    grid.fill(Rect(row: top + offset, column: 0, width: state.size.width, height: 1), role: .text)
                    grid.put(" " + line, row: top + offset, column: 0, role: status.isError ? .statusError : .statusMessage)
                }
            } else {
                put(hintLine(), row: row, column: 0, limit: state.size.width)
            }
        }
    }

    /// ` ⠿ reading HeroFriends… 1.2 s · Esc cancels` once background work has run a moment.
    private var progressLine: String? {
        if let waiting = lockWaitLine { return waiting }
        if let long = longWorkLine { return long }
        if let scan = scanLine { return scan }
        if let building = listBuildLine { return building }
        if let reading = keyReadLine { return reading }
        guard let since = state.busySince, state.now - since >= Explorer.progressDelay else { return nil }
        let labels = state.watches.filter(\.isReading).map(\.name) + (state.console.running != nil ? ["console query"] : [])
        guard !labels.isEmpty else { return nil }
        let elapsed = state.now - since
        let tenths = elapsed.components.seconds * 10 + elapsed.components.attoseconds / 100_000_000_000_000_000
        let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"][Int(tenths % 10)]
        return " \(spinner) reading \(labels.joined(separator: ", "))… \(tenths / 10).\(tenths % 10) s · \(keyMap.keyName(.cancel)) cancels"
    }

    private mutating func prompt(_ label: String, _ input: LineInput) {
        let row = layout.messageRow
        let used = grid.put(label, row: row, column: 0, role: .helpKey)
        let room = state.size.width - used
        put(Self.lineSegments(input, room: room), row: row, column: used, limit: room)
    }

    /// Segments drawn on the prompt line two columns after its text and cursor.
    private mutating func drawAfterPrompt(_ input: LineInput, _ segments: [(String, StyleRole)]) {
        let column = 1 + DisplayWidth.of(input.text) + 3
        put(segments, row: layout.messageRow, column: column, limit: max(0, state.size.width - column))
    }

    /// The `Tab` candidates after the `:` line's text, the one on the line highlighted.
    private mutating func drawCandidates(_ completion: CommandCompletion) {
        guard case .command(let input) = state.mode else { return }
        var segments: [(String, StyleRole)] = []
        for (index, candidate) in completion.candidates.enumerated() {
            let folder = candidate.hasSuffix("/")
            let name = folder ? String(candidate.dropLast()) : candidate
            let shown = String(name.split(separator: "/").last ?? Substring(name)) + (folder ? "/" : "")
            segments.append((index == 0 ? "" : "  ", .textDim))
            segments.append((shown, index == completion.index ? .listSelection : .textDim))
        }
        drawAfterPrompt(input, segments)
    }

    private mutating func drawOverlay(themeName: String) {
        switch state.mode {
        case .help(let top): drawHelp(top: top, themeName: themeName)
        case .edit(let dialog): drawEdit(dialog)
        case .confirm(.delete(let key)): drawConfirmDelete(key)
        case .confirm(.deletePattern(let preview)): drawPatternPreview(preview)
        case .confirm(.garbage(let keys)): drawGarbage(keys)
        case .confirm(.quit(let unsaved)): drawConfirmQuit(unsavedChanges: unsaved)
        case .confirm(.open(let path, let unsaved)): drawConfirmQuit(unsavedChanges: unsaved, opening: path)
        case .confirm(.goBack(_, let later)): drawConfirmGoBack(laterEntries: later)
        case .inbound(let list): drawInbound(list)
        case .lint(let list): drawLint(list)
        case .log(let list): drawLog(list)
        case .sizes(let list): drawSizes(list)
        case .diff(let list): drawDiff(list)
        case .caches(let list): drawFoundCaches(list)
        case .readers(let list): drawReaders(list)
        case .editWatch(let editor): drawWatchEditor(editor)
        case .pager(let pager): drawPager(pager)
        default: break
        }
    }

    /// Draws segments left to right within `limit` columns; returns the columns used. Pieces
    /// left over when the room is full are a cut too: the last column then says `…`.
    @discardableResult
    mutating func put(_ segments: [(String, StyleRole)], row: Int, column: Int, limit: Int) -> Int {
        var used = 0
        for (index, (text, role)) in segments.enumerated() {
            guard used < limit else {
                if segments[index...].contains(where: { DisplayWidth.of($0.0) > 0 }), limit > 0 {
                    grid.put("…", row: row, column: column + limit - 1, role: role, limit: 1)
                }
                break
            }
            used += grid.put(text, row: row, column: column + used, role: role, limit: limit - used)
        }
        return used
    }
}
