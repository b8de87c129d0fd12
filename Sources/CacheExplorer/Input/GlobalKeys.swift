/// The keys that work in every pane, one row per command, in the order help and the README list
/// them. A pane's table (`RecordsKeys`, …) overrides a row where the command means something of
/// its own there (Enter opens a watch in the watches pane) and says which rows it hints.
package enum GlobalKeys {
    package static let table: [Binding] = [
        moveDown, moveUp, top, bottom, pageDown, pageUp, follow, back, forward, nextPane, filter, nextMatch, previousMatch, sort,
        edit, delete, deleteByPattern, undo, redo, addWatch, refetch, queryConsole, inbound, watchesReading, view, recordJSON,
        copy, copyPath, cyclePolicy, repull, commandLine, help, cancel, quit,
        writeLog, goBackToHere, showAsOf,
    ]

    /// The global row of `command`, or nil (a test holds that every command has one).
    package static func row(_ command: Command) -> Binding? {
        table.first { $0.command == command }
    }

    // Moving.
    static let moveDown = Binding(.moveDown, keys: [.character("j"), .down], label: "move", description: "move down") {
        $0.move(by: 1)
    }
    static let moveUp = Binding(.moveUp, keys: [.character("k"), .up], label: "move", description: "move up") { $0.move(by: -1) }
    static let top = Binding(.top, keys: [.character("g"), .home], label: "top", description: "go to top") { $0.move(to: 0) }
    static let bottom = Binding(.bottom, keys: [.character("G"), .end], label: "bottom", description: "go to bottom") {
        $0.move(to: Int.max)
    }
    static let pageDown = Binding(.pageDown, keys: [.pageDown, .control("f")], label: "page", description: "page down") {
        $0.move(by: $0.pageHeight)
    }
    static let pageUp = Binding(.pageUp, keys: [.pageUp, .control("b")], label: "page", description: "page up") {
        $0.move(by: -$0.pageHeight)
    }

    // Browsing.
    static let follow = Binding(.follow, keys: [.enter, .right], label: "open",
                                description: "open record / follow reference / expand / open watch") {
        $0.openSelectedRow()
    }
    static let back = Binding(.back, keys: [.backspace, .character("h"), .left], label: "back", description: "back") {
        $0.goBack()
    }
    static let forward = Binding(.forward, keys: [.character("l")], label: "forward", description: "forward") { $0.goForward() }
    static let nextPane = Binding(.nextPane, keys: [.tab], label: "next pane", description: "next pane") { $0.nextPane() }
    static let filter = Binding(.filter, keys: [.character("/")], label: "filter", description: "filter keys") {
        $0.state.mode = .filter(LineInput($0.state.list.filter))
    }
    static let nextMatch = Binding(.nextMatch, keys: [.character("n"), .control("n")], label: "match", description: "next match") {
        $0.nextMatch(forward: true)
    }
    static let previousMatch = Binding(.previousMatch, keys: [.character("N"), .control("o")], label: "match", description: "previous match") {
        $0.nextMatch(forward: false)
    }
    static let sort = Binding(.sort, keys: [.character("s")], label: "sort", description: "sort the list (key, size, type)") {
        $0.cycleListOrder()
    }

    // Changing data, and watches.
    static let edit = Binding(.edit, keys: [.character("e")], label: "edit", description: "edit field / edit watch",
                              disabled: ExplorerState.fieldEditable) { $0.beginEdit() }
    static let delete = Binding(.delete, keys: [.character("d")], label: "delete", description: "delete record / remove watch",
                                disabled: ExplorerState.targetDeletable) { $0.beginDelete() }
    static let deleteByPattern = Binding(.deleteByPattern, keys: [.character("D")], label: "by pattern",
                                         description: "delete by pattern", disabled: ExplorerState.writable) {
        $0.beginPatternDelete()
    }
    static let undo = Binding(.undo, keys: [.character("u")], label: "undo", description: "undo",
                              disabled: ExplorerState.undoable) { $0.undoLast() }
    static let redo = Binding(.redo, keys: [.control("r")], label: "redo", description: "redo what undo took back",
                              disabled: ExplorerState.redoable) { $0.redoLast() }
    static let addWatch = Binding(.addWatch, keys: [.character("w")], label: "watch", description: "add watch") {
        $0.state.mode = .watchInput(LineInput())
    }
    static let refetch = Binding(.refetch, keys: [.character("f")], label: "refetch", description: "refetch watch",
                                 disabled: ExplorerState.hasWatch) { $0.refetchSelectedWatch() }

    // Tools.
    static let queryConsole = Binding(.queryConsole, keys: [.character("c")], label: "query", description: "query console") {
        $0.state.focus = .query
    }
    static let inbound = Binding(.inbound, keys: [.character("r")], label: "refs", description: "inbound references",
                                 disabled: ExplorerState.hasTarget) { $0.showInbound() }
    static let repull = Binding(.repull, keys: [.character("R")], label: "pull again", description: "pull a device's cache again",
                                disabled: ExplorerState.pulled) { $0.repullCache() }
    static let watchesReading = Binding(.watchesReading, keys: [.character("W")], label: "readers",
                                        description: "watches that read the selected field",
                                        disabled: ExplorerState.hasField) { $0.showReaders() }
    static let view = Binding(.view, keys: [.character("v"), .control("v")], label: "view",
                              description: "view whole: the selected value, record, watch or report") {
        $0.viewSelected()
    }
    static let recordJSON = Binding(.recordJSON, keys: [.character("J")], label: "JSON",
                                    description: "the record as JSON (again: back)",
                                    disabled: ExplorerState.hasTarget) { $0.toggleRecordJSON() }
    static let copy = Binding(.copy, keys: [.character("y"), .control("y")], label: "copy",
                              description: "copy the selected key, value or result to the clipboard (OSC 52)") {
        $0.copySelection(pathForm: false)
    }
    static let copyPath = Binding(.copyPath, keys: [.character("Y")], label: "copy path",
                                  description: "copy the path or key form (Droid:2001.friends[1]), a watch's or the console's document") {
        $0.copySelection(pathForm: true)
    }
    static let cyclePolicy = Binding(.cyclePolicy, keys: [.character("p"), .control("p")], label: "policy",
                                     description: "next cache policy: the console's runs, or the selected watch's reads",
                                     disabled: ExplorerState.choosesPolicy) { $0.cyclePolicy() }
    static let commandLine = Binding(.commandLine, keys: [.character(":")], label: "command", description: "command line") {
        $0.state.mode = .command(LineInput())
    }
    static let help = Binding(.help, keys: [.character("?")], label: "help", description: "help") { $0.state.mode = .help(top: 0) }
    static let cancel = Binding(.cancel, keys: [.escape], label: "close", description: "cancel reading / close / clear filter") {
        $0.cancel()
    }
    // History.
    static let writeLog = Binding(.writeLog, keys: [.character("L")], label: "log", description: "write log: every change, newest first",
                                  disabled: ExplorerState.keepsLog) { $0.showLog() }
    static let goBackToHere = Binding(.goBackToHere, keys: [.character("b")], label: "go back here",
                                      description: "in the log: restore the cache to just after the entry (undoable)",
                                      disabled: ExplorerState.keepsLog) { $0.showLogFor(.goBackToHere) }
    static let showAsOf = Binding(.showAsOf, keys: [.character("o")], label: "as of here",
                                  description: "in the log: open the cache as it was just after the entry, read-only",
                                  disabled: ExplorerState.keepsLog) { $0.showLogFor(.showAsOf) }
    static let quit = Binding(.quit, keys: [.character("q"), .character("Q"), .control("c")], label: "quit", description: "quit") {
        $0.requestQuit()
    }
}
