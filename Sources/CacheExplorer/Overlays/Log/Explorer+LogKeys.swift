/// What the write log's rows (`OverlayKeys.log`) do: moves page through the log, a page at a
/// time from memory or the journal; `/` opens the filter; the time-travel keys act on the
/// selected entry.
extension Explorer {
    /// Moves the selection; past the page's end it turns the page.
    mutating func moveLog(by step: Int) {
        withLogList { list, pageSize in
            let next = list.selected + step
            if next >= list.rows.count, list.top + pageSize < list.matchCount {
                Self.turnPage(&list, forward: true, pageSize: pageSize)
            } else if next < 0, list.top > 0 {
                Self.turnPage(&list, forward: false, pageSize: pageSize)
                list.selected = Int.max
            } else {
                list.selected = max(0, min(next, list.rows.count - 1))
            }
        }
    }

    mutating func turnLogPage(forward: Bool) {
        withLogList { list, pageSize in Self.turnPage(&list, forward: forward, pageSize: pageSize) }
    }

    /// The first entry (`top`) or the last page's last.
    mutating func logToEnd(top: Bool) {
        withLogList { list, pageSize in
            list.top = top ? 0 : max(0, list.matchCount - pageSize)
            list.selected = top ? 0 : Int.max
        }
    }

    /// `/` in the log: the filter line opens with the filter typed so far.
    mutating func beginLogFilter() {
        withLogList { list, _ in list.filterInput = LineInput(list.filter) }
    }

    mutating func goBackToSelectedEntry() {
        guard case .log(let list) = state.mode else { return }
        confirmGoBack(list)
    }

    mutating func showAsOfSelectedEntry() {
        guard case .log(let list) = state.mode else { return }
        showAsOf(list)
    }

    /// Changes the log overlay's list, then reads its page again.
    private mutating func withLogList(_ change: (inout LogList, Int) -> Void) {
        guard case .log(var list) = state.mode else { return }
        change(&list, logPageSize)
        state.mode = .log(list)
        reloadLog(keepingPosition: nil)
    }

    private static func turnPage(_ list: inout LogList, forward: Bool, pageSize: Int) {
        let top = forward ? list.top + pageSize : list.top - pageSize
        guard top >= 0, top < list.matchCount || !forward else { return }
        list.top = max(0, top)
        list.selected = 0
    }
}
