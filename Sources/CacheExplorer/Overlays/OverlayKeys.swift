/// The keys of the overlays and dialogs. The pager and the lists (`OverlayKeys+Lists`) are
/// rows with actions, dispatched by `Explorer.overlayKey` as the panes' rows are; the dialogs
/// read their own fixed keys (Enter, Tab, Esc, `y`), shown here as hint rows.
package enum OverlayKeys {
    /// The rows for `mode`, or nil in normal mode (the panes' tables answer then).
    package static func table(for mode: Mode) -> [Binding]? {
        switch mode {
        case .help: return help
        case .edit: return edit
        case .confirm(.quit): return confirmQuit
        case .confirm(.goBack): return confirmGoBack
        case .confirm: return confirmDelete
        case .editWatch: return editWatch
        case .inbound: return inbound
        case .lint: return lint
        case .caches: return caches
        case .readers: return readers
        case .diff: return diff
        case .sizes: return sizes
        case .log(let list): return list.filterInput == nil ? log : logFilter
        case .pager(let pager) where pager.searchInput != nil: return search
        case .pager(let pager) where !pager.hasViewer: return withoutViewer
        case .pager: return self.pager
        case .normal, .filter, .command, .deletePattern, .watchInput: return nil
        }
    }

    /// The row of `table` that `key` runs: a fixed key as named, else the command the user's
    /// key map binds it to.
    static func row(in table: [Binding], for key: Key, keyMap: KeyMap) -> Binding? {
        table.first { row in
            if case .fixed(let name) = row.key { return Key(name: name) == key }
            return false
        } ?? table.first { row in row.command != nil && row.command == keyMap.command(for: key) }
    }

    /// The pager's close key, as its row names it.
    static let closeKey = "q"

    /// The pager, as `less` has it: fixed keys first (they win over the key map there), then
    /// the user's moves, search and match keys.
    package static let pager: [Binding] = [
        Binding(fixed: closeKey, label: "close", description: "close the pager", hint: 0) { $0.closePager() },
        Binding(fixed: "Space", label: "page", description: "page down (b: up)", hint: 5) { $0.scrollPager(by: Pager.textHeight($0.state.size)) },
        Binding(fixed: "b", label: "page up", description: "page up") { $0.scrollPager(by: -Pager.textHeight($0.state.size)) },
        Binding(fixed: "E", label: "in $PAGER", description: "hand the text to $PAGER (else $EDITOR), read-only", hint: 3) {
            $0.requestExternalView()
        },
        Binding(.moveDown, label: "scroll") { $0.scrollPager(by: 1) },
        Binding(.moveUp, label: "scroll") { $0.scrollPager(by: -1) },
        Binding(.pageDown, label: "page") { $0.scrollPager(by: Pager.textHeight($0.state.size)) },
        Binding(.pageUp, label: "page") { $0.scrollPager(by: -Pager.textHeight($0.state.size)) },
        Binding(.top, label: "top") { $0.withPager { pager, height in pager.scroll(to: 0, height: height) } },
        Binding(.bottom, label: "bottom") { $0.withPager { pager, height in pager.scroll(to: Int.max, height: height) } },
        Binding(.filter, label: "search", description: "search the text", hint: 1) { $0.beginPagerSearch() },
        Binding(.nextMatch, label: "match", description: "next match", hint: 4) { $0.pagerFound(forward: true) },
        Binding(.previousMatch, label: "match", description: "previous match") { $0.pagerFound(forward: false) },
        Binding(.recordJSON, label: "JSON", description: "close the record's JSON view") { $0.toggleRecordJSON() },
        Binding(.cancel, label: "close", description: "close the pager") { $0.closePager() },
        Binding(.quit, label: "quit") { $0.requestQuit() },
        Binding(.pair(.moveDown, .moveUp), label: "scroll", hint: 2),
    ]

    /// The pager when neither `$PAGER` nor `$EDITOR` is set: `E`'s hint says so.
    static let withoutViewer = pager.map { row in
        row.key == .fixed("E") ? row.labelled("no $PAGER/$EDITOR", row.description) : row
    }

    /// Typing a search in the pager.
    static let search = [
        Binding(.fixed("Enter"), label: "find", hint: 0), Binding(.fixed("Esc"), label: "cancel", hint: 1),
    ]

    static let edit = [
        Binding(.fixed("Enter"), label: "save", hint: 0), Binding(.fixed("Tab"), label: "kind", hint: 2),
        Binding(.fixed("Esc"), label: "cancel", hint: 1),
    ]
    static let confirmQuit = [
        Binding(.fixed("y"), label: "quit anyway", hint: 0), Binding(.fixed("any other key"), label: "stays", hint: 1),
    ]
    static let confirmDelete = [
        Binding(.fixed("y"), label: "delete", hint: 0), Binding(.fixed("any other key"), label: "cancels", hint: 1),
    ]
    static let confirmGoBack = [
        Binding(.fixed("y"), label: "go back", hint: 0), Binding(.fixed("any other key"), label: "cancels", hint: 1),
    ]
    static let editWatch = [
        Binding(.fixed("Enter"), label: "save", hint: 0), Binding(.fixed("Tab"), label: "document/variables", hint: 2),
        Binding(.fixed("Esc"), label: "cancel", hint: 1),
    ]
    static let logFilter = [
        Binding(.fixed("Enter"), label: "keep filter", hint: 0), Binding(.fixed("Esc"), label: "clear", hint: 1),
    ]
}

extension Binding {
    /// A row for a key an overlay reads itself (`q` in the pager), with what it does there.
    init(fixed key: String, label: String, description: String = "", hint hintRank: Int? = nil,
         action: @escaping @Sendable (inout Explorer) -> Void) {
        self.init(.fixed(key), label: label, description: description, hint: hintRank ?? 0)
        self.hintRank = hintRank
        self.action = action
    }
}
