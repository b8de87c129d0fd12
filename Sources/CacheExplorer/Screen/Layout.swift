/// Where each pane goes for a screen size and state. `render` draws into these rectangles and
/// the reducer hit-tests the mouse and sizes pages with the same numbers.
package struct Layout: Hashable, Sendable {
    /// The record list, when shown.
    package var list: Rect?
    /// The record view, when shown.
    package var record: Rect?
    /// The watches pane, when shown.
    package var watches: Rect?
    /// The query console, when it has focus.
    package var query: Rect?
    /// The watch workspace, when a watch is open (it fills the screen as the console does).
    package var workspace: Rect?
    /// The status bar row (file, count, mode, breadcrumbs).
    package var statusRow: Int
    /// The bottom row: messages, prompts and key hints.
    package var messageRow: Int

    /// Screens at least this wide show the list beside the record view; narrower ones show the
    /// focused pane alone, so a 40x12 terminal stays usable.
    package static let sideBySideWidth = 72

    package init(state: ExplorerState) {
        let size = state.size
        statusRow = max(0, size.height - 2)
        messageRow = max(0, size.height - 1)
        let content = Rect(row: 0, column: 0, width: size.width, height: max(0, size.height - 2))
        if state.focus == .query {
            query = content
            return
        }
        if state.focus == .watches, state.openWatch != nil {
            workspace = content
            return
        }
        let showWatches = !state.watches.isEmpty || state.focus == .watches
        guard size.width >= Self.sideBySideWidth else {
            switch state.focus {
            case .records, .query: list = content
            case .record: record = content
            case .watches: watches = content
            }
            return
        }
        let listWidth = max(24, size.width * 9 / 20)
        list = Rect(row: 0, column: 0, width: listWidth, height: content.height)
        let right = Rect(row: 0, column: listWidth, width: size.width - listWidth, height: content.height)
        guard showWatches else { record = right; return }
        if content.height >= 16 {
            let watchHeight = content.height * 2 / 5
            record = Rect(row: 0, column: right.column, width: right.width, height: content.height - watchHeight)
            watches = Rect(row: content.height - watchHeight, column: right.column, width: right.width, height: watchHeight)
        } else if state.focus == .watches {
            watches = right
        } else {
            record = right
        }
    }

    /// Rows of keys the list shows at once.
    package static func listPageHeight(_ size: Size) -> Int { max(1, size.height - 4) }

    /// Rows of fields the record view shows at once.
    package var recordPageHeight: Int { max(1, (record?.inner.height ?? (statusRow - 2))) }

    /// The pane under a screen cell.
    package func pane(atRow row: Int, column: Int) -> Pane? {
        if let list, list.contains(row: row, column: column) { return .records }
        if let record, record.contains(row: row, column: column) { return .record }
        if let watches, watches.contains(row: row, column: column) { return .watches }
        if let query, query.contains(row: row, column: column) { return .query }
        if let workspace, workspace.contains(row: row, column: column) { return .watches }
        return nil
    }
}
