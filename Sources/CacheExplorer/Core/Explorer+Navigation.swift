import GraphQLCache

/// Moving around: the virtualised list, the record view, history and panes.
extension Explorer {
    /// Rows a page move covers in the focused pane.
    var pageHeight: Int {
        switch state.focus {
        case .records: return Layout.listPageHeight(state.size)
        case .record: return Layout(state: state).recordPageHeight
        case .watches, .query: return max(1, state.size.height - 4)
        }
    }

    /// Recounts the keys and fetches the visible page around the selection (`refetch`: even
    /// when the page did not move, because the data changed; `rebuildingKeys`, by default
    /// `refetch`: a list the backend cannot page is built again).
    ///
    /// Refused for a lock (another process's, or this explorer's own long work), the list keeps
    /// what it shows and is read again once the lock is gone (`noteLockWait`): an app holding
    /// the file while it re-saved its records made the list say `no records` (`0 records`), or
    /// show none, until then.
    mutating func reloadList(refetch: Bool = false, rebuildingKeys: Bool? = nil) {
        let selectedKey = state.list.selectedRow?.key
        let shown = state.list
        do {
            try countList(covering: state.list.selected, rebuild: rebuildingKeys ?? refetch)
        } catch let error as LockContention where error.isLockContention {
            fail(error)
            return
        } catch {
            fail(error)
            state.list.count = 0
            state.list.countIsExact = true
        }
        if refetch { state.list.rows = [] }
        moveListSelection(to: state.list.selected, from: selectedKey, keepingWhenRefused: refetch ? shown : nil)
    }

    /// Selects a row of the list, scrolling (and fetching) only when it leaves the page.
    mutating func selectListRow(_ index: Int) {
        if !state.list.countIsExact, index + Layout.listPageHeight(state.size) >= state.list.count {
            do { try countList(covering: index) } catch { fail(error) }
        }
        moveListSelection(to: index, from: state.list.selectedRow?.key)
    }

    /// Selects row `index`; when that selects another key than `previous`, the record pane
    /// previews it (a refresh that keeps the selection leaves a followed record in place).
    /// `kept`: the list as shown before a refetch, kept when the lock refuses reading its page
    /// again and the page did not move.
    private mutating func moveListSelection(to index: Int, from previous: CacheKey?, keepingWhenRefused kept: RecordListState? = nil) {
        let height = Layout.listPageHeight(state.size)
        var list = state.list
        list.selected = max(0, min(index, list.count - 1))
        if list.selected < list.top { list.top = list.selected }
        if list.selected >= list.top + height { list.top = list.selected - height + 1 }
        list.top = max(0, min(list.top, max(0, list.count - height)))
        let needsFetch = list.top != state.list.top || list.rows.count != min(height, list.count - list.top)
            || state.list.rows.isEmpty
        let shown = state.list.rows
        state.list = list
        // A scroll changes no data: the rows still in view are kept, only new ones are read.
        if needsFetch, !fetchPage(reusing: shown), let kept, kept.top == state.list.top, kept.count == state.list.count {
            state.list.rows = kept.rows
        }
        if state.list.selectedRow?.key != previous || state.record == nil { previewSelection() }
    }

    /// The record pane previews the selected row's record whenever the selection moves to
    /// another key, from whatever pane (a filter typed from the record pane too), so that what
    /// `d` and `r` act on is what the pane shows: one record (and a batch of its references,
    /// for dangling marks) loaded per move, history left alone. Enter moves focus into it.
    mutating func previewSelection() {
        guard let key = state.list.selectedRow?.key else { ReleasedInBackground.drop(state.record.take()); return }
        guard state.record?.key != key else { return }
        let shown = state.record.take()
        state.record = loadView(key, keeping: nil)
        ReleasedInBackground.drop(shown)
    }

    /// Loads the rows of the visible page: keys, then their records for typename and size.
    /// Reads the list's page at `state.list.top`; `previous` are rows shown a moment ago with
    /// nothing changed since (a scroll), kept for the keys still in view rather than read again.
    /// Returns false when a lock refused the read (the rows are then empty).
    @discardableResult
    mutating func fetchPage(reusing previous: [RecordRow] = []) -> Bool {
        // No page before the first read of the keys ends: asking would wait for it.
        guard state.list.readingKeys == nil else {
            state.list.rows = []
            return true
        }
        let height = Layout.listPageHeight(state.size)
        let filter = state.list.filter.isEmpty ? nil : state.list.filter
        do {
            let keys = try listKeys.map { Array($0.dropFirst(state.list.top).prefix(height)) }
                ?? backend.keysFound(matching: filter, offset: state.list.top, limit: height)
            let kept = Dictionary(previous.map { ($0.key, $0) }) { first, _ in first }
            let rows = try backend.loadStoredRecords(forKeys: Set(keys.filter { kept[$0] == nil }))
            state.list.rows = keys.map { key in
                if let row = kept[key] { return row }
                switch rows[key] {
                case .record(let record)?:
                    return RecordRow(key: key, typename: record.typename, size: RecordJSON.encode(record.fields).count)
                case .broken(let row)?:
                    return RecordRow(key: key, typename: "broken", size: row.text.utf8.count, brokenError: row.error)
                case nil:
                    return RecordRow(key: key, typename: nil, size: 0)
                }
            }
        } catch {
            fail(error)
            state.list.rows = []
            return !((error as? LockContention)?.isLockContention ?? false)
        }
        return true
    }

    mutating func move(by delta: Int) {
        switch state.focus {
        case .records: selectListRow(state.list.selected + delta)
        case .record: selectField((state.record?.selected ?? 0) + delta)
        case .watches where state.openWatch != nil: scrollWatch(to: state.watchTop + delta)
        case .watches: state.selectedWatch = max(0, min(state.selectedWatch + delta, state.watches.count - 1))
        case .query: state.console.top = max(0, min(state.console.top + delta, consoleLastTop))
        }
    }

    mutating func move(to index: Int) {
        switch state.focus {
        case .records:
            if index == Int.max { settleListCount() }
            selectListRow(index == Int.max ? state.list.count - 1 : index)
        case .record: selectField(index == Int.max ? (state.record?.rows.count ?? 1) - 1 : index)
        case .watches where state.openWatch != nil: scrollWatch(to: index)
        case .watches: state.selectedWatch = index == Int.max ? max(0, state.watches.count - 1) : 0
        case .query: state.console.top = index == Int.max ? consoleLastTop : 0
        }
    }

    /// The console's top row with its last page in view (its lines wrapped as drawn).
    private var consoleLastTop: Int {
        let lines = ConsoleText(state, keys: keyMap, width: state.size.width - 3).count
        return max(0, lines - max(1, state.size.height - 7))
    }

    mutating func selectField(_ index: Int) {
        guard var view = state.record, !view.rows.isEmpty else { return }
        let height = Layout(state: state).recordPageHeight
        view.selected = max(0, min(index, view.rows.count - 1))
        if view.selected < view.top { view.top = view.selected }
        if view.selected >= view.top + height { view.top = view.selected - height + 1 }
        view.top = max(0, min(view.top, max(0, view.rows.count - height)))
        state.record = view
    }

    /// Enter on the record list: the selected record, in the record pane.
    mutating func openSelectedRow() {
        guard let row = state.list.selectedRow else { return }
        open(row.key)
        state.focus = .record
    }

    /// Enter in the record view: follow a reference, or open/close a list or object.
    mutating func followField() {
        guard let row = state.record?.selectedRow else { return }
        switch row.value {
        case .reference(let key): open(key)
        case .list, .object: toggleExpansion(row)
        default:
            if selectedValueIsCut() { viewSelected(); return }
            inform("\(row.label) is a \(row.value.kindName); \(keyMap.keyName(.edit)) edits it")
        }
    }

    /// Scrolls the open watch's result so that row `index` is at the top (within bounds).
    mutating func scrollWatch(to index: Int) {
        let rect = Layout(state: state).workspace?.inner ?? Rect(row: 0, column: 0, width: state.size.width, height: state.size.height)
        let rows = WatchWorkspace.lineCount(actedWatch, width: rect.width - 1, keys: keyMap)
        let visible = max(1, rect.height - WatchWorkspace.headerHeight - 1)
        state.watchTop = max(0, min(index, rows - visible))
    }

    /// Builds the view of `key`, with the selection, scroll and open lists of `previous`.
    mutating func loadView(_ key: CacheKey, keeping previous: RecordPlace?) -> RecordViewState {
        do {
            let stored = try backend.loadStoredRecords(forKeys: [key])[key]
            if case .broken(let row)? = stored {
                var view = RecordViewState(key: key, exists: true, typename: "broken row")
                view.broken = row
                return view
            }
            guard let record = stored?.record else { return RecordViewState(key: key, exists: false) }
            let expanded = previous?.expanded ?? []
            let rows = RecordRows.build(record, expanded: expanded)
            var view = RecordViewState(key: key, exists: true, typename: record.typename, fieldCount: record.fields.count,
                                       rows: rows, expanded: expanded)
            view.selected = min(previous?.selected ?? 0, max(0, rows.count - 1))
            view.top = min(previous?.top ?? 0, view.selected)
            view.dates = backend.dates(of: key)
            return view
        } catch {
            fail(error)
            // Kept out by another process's lock: the record stays as shown until it is gone.
            if let contention = error as? LockContention, contention.isLockContention {
                return state.record?.key == key ? state.record! : RecordViewState(key: key, exists: true, typename: "…")
            }
            return RecordViewState(key: key, exists: false)
        }
    }

    private mutating func toggleExpansion(_ row: FieldRow) {
        guard var view = state.record else { return }
        if view.expanded.contains(row.id) { view.expanded.remove(row.id) } else { view.expanded.insert(row.id) }
        state.record = loadView(view.key, keeping: RecordPlace(view))
        clampRecordView()
    }

    mutating func clampRecordView() {
        if let selected = state.record?.selected { selectField(selected) }
    }

    /// `Tab`: the next pane that has something to show; the record pane with no record and the
    /// watches pane with no watches are hidden, so focus never lands on an invisible pane.
    mutating func nextPane() {
        if state.openWatch != nil { closeWatch() }
        var order: [Pane] = [.records]
        if state.record != nil { order.append(.record) }
        if !state.watches.isEmpty { order.append(.watches) }
        let index = order.firstIndex(of: state.focus) ?? -1
        state.focus = order[(index + 1) % order.count]
    }

    /// Filters the list by `text` (a substring, `type:NAME` or `re:PATTERN`); a bad regular
    /// expression is refused in the status line, naming the problem, and the list stays as it was.
    mutating func applyFilter(_ text: String) {
        do {
            _ = try ListFilter.parse(text)
        } catch {
            fail(error)
            return
        }
        if state.message?.isError == true { state.message = nil }
        state.list.filter = text
        state.list.selected = 0
        state.list.top = 0
        state.list.rows = []
        reloadList()
        previewSelection()
    }

    /// `n`/`N`, from any pane: the next or previous `:find` match, else the next or previous
    /// key the filter lets through, shown in the record pane (which pane has focus stays).
    mutating func nextMatch(forward: Bool) {
        if state.find != nil { walkFind(forward: forward); return }
        guard !state.list.filter.isEmpty else {
            inform("nothing to step through: \(keyMap.keyName(.filter)) filters keys, :find searches values")
            return
        }
        let wraps = forward ? state.list.selected + 1 >= state.list.count : state.list.selected == 0
        if wraps { settleListCount() }
        guard state.list.count > 0 else { return }
        let count = state.list.count
        selectListRow(((state.list.selected + (forward ? 1 : -1)) % count + count) % count)
        guard state.focus != .records, let key = state.list.selectedRow?.key else { return }
        if state.record?.key != key { open(key) }
        inform("match \(state.list.selected + 1)/\(count)\(state.list.countIsExact ? "" : "+"): \(key)")
    }

    /// After any change to the data: recount, refetch the page and the record shown, re-read watches.
    mutating func refreshAfterChange() {
        reloadList(refetch: true)
        state.brokenRows = backend.brokenRows
        if let view = state.record { state.record = loadView(view.key, keeping: RecordPlace(view)) }
        clampRecordView()
        refreshWatches()
    }
}
