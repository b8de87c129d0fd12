/// The rows of the overlays that list things (help, inbound references, lint findings, the
/// caches found, a field's readers, a diff, sizes, the write log): each row runs its action,
/// like the panes' rows, and the hinted ones make the hint line.
extension OverlayKeys {
    /// The user's move keys, stepping any list overlay's selection (`SteppedList`).
    static let moveRows = [
        Binding(.moveDown, label: "move") { $0.stepOverlay(.down) },
        Binding(.moveUp, label: "move") { $0.stepOverlay(.up) },
        Binding(.top, label: "top") { $0.stepOverlay(.top) },
        Binding(.bottom, label: "bottom") { $0.stepOverlay(.bottom) },
        Binding(.quit, label: "quit", description: "quit (asks first when there is unsaved work)") { $0.quitFromOverlay() },
    ]

    /// The moves with their hints: `j/k move`, and any other key closing the overlay.
    static let moves = moveRows + [
        Binding(.pair(.moveDown, .moveUp), label: "move", description: "move the selection", hint: 1),
        Binding(.fixed(otherKeys), label: "closes", description: "close the list", hint: 2),
    ]

    /// Every overlay table that runs actions, named as docs/EXPLORER.md names it.
    package static var tables: [(title: String, table: [Binding])] {
        [("Help", help), ("Inbound references (r)", inbound), ("Lint findings (:lint)", lint), ("The caches found (:open)", caches),
         ("A field's readers (W)", readers), ("A diff (:diff)", diff), ("Sizes (:sizes)", sizes), ("The write log (L)", log),
         ("The pager (view whole)", pager)]
    }

    /// What names the fallback row: a key with no row closes the overlay.
    static let otherKeys = "any other key"

    /// Whether a key with no row in `table` closes the overlay.
    static func closesOnOtherKeys(_ table: [Binding]) -> Bool {
        table.contains { $0.key == .fixed(otherKeys) }
    }

    /// A list overlay whose Enter runs `open`, with the shared moves.
    static func list(opening label: String, _ open: @escaping @Sendable (inout Explorer) -> Void) -> [Binding] {
        [Binding(.follow, label: label, description: "open the selected row", hint: 0, action: open)] + moves
    }

    package static let inbound = list(opening: "open") { $0.openSelectedInbound() }
    package static let caches = list(opening: "open") { $0.openSelectedCache() }
    package static let readers = list(opening: "open") { $0.openSelectedReader() }
    package static let diff = list(opening: "open") { $0.openSelectedDiffRow() }
    package static let lint = list(opening: "open") { $0.followLintRow() } + [
        Binding(.view, label: "whole", description: "the selected finding whole, in the pager", hint: 3) { $0.viewSelectedFinding() },
    ]
    package static let sizes = [
        Binding(.follow, label: "records/open", description: "a typename's records, or open a record", hint: 0) { $0.followSizesRow() },
        Binding(.back, label: "typenames", description: "back to the typenames (closes at the top)", hint: 1) { $0.sizesBack() },
        Binding(.fixed(otherKeys), label: "closes", description: "close the list", hint: 2),
    ] + moveRows

    package static let help = [
        Binding(.moveDown, label: "scroll") { $0.scrollHelp(by: 1) },
        Binding(.moveUp, label: "scroll") { $0.scrollHelp(by: -1) },
        Binding(.pageDown, label: "page") { $0.scrollHelp(by: 10) },
        Binding(.pageUp, label: "page") { $0.scrollHelp(by: -10) },
        Binding(.quit, label: "quit") { $0.quitFromOverlay() },
        Binding(.pair(.moveDown, .moveUp), label: "scroll", hint: 0), Binding(.fixed(otherKeys), label: "closes", hint: 1),
    ]

    /// The write log: other keys do nothing there (a stray key should not lose the page).
    package static let log = [
        Binding(.follow, label: "diff/open", description: "open or close an entry's diff; open a record", hint: 0) { $0.followLogRow() },
        Binding(.filter, label: "filter", description: "filter by origin or key", hint: 1) { $0.beginLogFilter() },
        Binding(.goBackToHere, label: "go back here", hint: 2) { $0.goBackToSelectedEntry() },
        Binding(.showAsOf, label: "as of here", hint: 3) { $0.showAsOfSelectedEntry() },
        Binding(.cancel, label: "close", description: "close the log", hint: 4) { $0.state.mode = .normal },
        Binding(.writeLog, label: "close", description: "close the log") { $0.state.mode = .normal },
        Binding(.back, label: "close", description: "close the log") { $0.state.mode = .normal },
        Binding(.moveDown, label: "move") { $0.moveLog(by: 1) },
        Binding(.moveUp, label: "move") { $0.moveLog(by: -1) },
        Binding(.pageDown, label: "page") { $0.turnLogPage(forward: true) },
        Binding(.pageUp, label: "page") { $0.turnLogPage(forward: false) },
        Binding(.top, label: "top") { $0.logToEnd(top: true) },
        Binding(.bottom, label: "bottom") { $0.logToEnd(top: false) },
        Binding(.quit, label: "quit") { $0.quitFromOverlay() },
    ]
}
