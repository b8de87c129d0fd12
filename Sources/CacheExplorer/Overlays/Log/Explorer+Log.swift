import GraphQLCache

/// `L`: the write log overlay. Moving pages through the log (read a page at a time, from memory
/// or the journal file); Enter opens an entry's field-level diff, or on a record row opens that
/// record; `/` filters by origin or key; the time-travel keys act on the selected entry.
extension Explorer {
    /// The backend's log, when it keeps one.
    var writeLog: WriteLog? { (backend as? any HistoryHosting)?.writeLog }

    /// Entries on one page of the overlay.
    var logPageSize: Int { max(1, state.size.height - 6) }

    /// `L`: opens the log, newest entry first (filtered to `filter`).
    mutating func showLog(filter: String = "", opensAll: Bool = false) {
        guard let log = writeLog else { return }
        log.refreshJournal()
        var list = LogList()
        list.filter = filter
        list.opensAll = opensAll
        state.mode = .log(list)
        reloadLog(keepingPosition: nil)
        if let failure = log.failure { fail(ExplorerError.invalid(failure)) }
    }

    /// Reads the overlay's page again (after a filter, a move or a change), keeping the entry
    /// at `position` selected when it is still on the page.
    mutating func reloadLog(keepingPosition position: Int?) {
        guard case .log(var list) = state.mode, let log = writeLog else { return }
        do {
            list.entryCount = log.entryCount
            try Self.match(&list, in: log)
            list.top = max(0, min(list.top, list.matchCount - 1))
            let positions = (list.top..<min(list.top + logPageSize, list.matchCount)).compactMap(list.position(at:))
            if list.opensAll { list.opened.formUnion(positions) }
            let entries = try log.entries(at: positions)
            list.rows = zip(positions, entries).flatMap { LogRows.rows($1, position: $0, opened: list.opened.contains($0)) }
            let kept = position.flatMap { wanted in list.rows.firstIndex { $0.position == wanted && $0.isEntry } }
            list.selected = kept ?? max(0, min(list.selected, list.rows.count - 1))
            state.mode = .log(list)
        } catch {
            state.mode = .normal
            fail(error)
        }
    }

    /// Finds the entries the filter matches: the whole log for a new filter, only the entries
    /// added since for the same one (the newest kept, up to `WriteLog.matchLimit`).
    static func match(_ list: inout LogList, in log: WriteLog) throws {
        guard !list.filter.isEmpty else { list.matches = nil; list.moreMatch = false; list.matchedFilter = nil; return }
        if list.matchedFilter == list.filter, let earlier = list.matches {
            guard list.matchedEntryCount < list.entryCount else { return }
            let new = try log.positions(matching: list.filter, in: list.matchedEntryCount..<list.entryCount, limit: WriteLog.matchLimit)
            let all = new.positions + earlier
            list.matches = Array(all.prefix(WriteLog.matchLimit))
            list.moreMatch = list.moreMatch || new.more || all.count > WriteLog.matchLimit
        } else {
            let found = try log.positions(matching: list.filter, in: 0..<list.entryCount, limit: WriteLog.matchLimit)
            list.matches = found.positions
            list.moreMatch = found.more
        }
        list.matchedFilter = list.filter
        list.matchedEntryCount = list.entryCount
    }

    /// Enter: an entry's line opens or closes its diff; a record row opens the record.
    mutating func followLogRow() {
        guard case .log(var list) = state.mode, let row = list.selectedRow else { return }
        if let key = row.key { openFromOverlay(key); return }
        if list.opened.contains(row.position) { list.opened.remove(row.position) } else { list.opened.insert(row.position) }
        state.mode = .log(list)
        reloadLog(keepingPosition: row.position)
    }

    /// Typing the log's filter: each edit filters again; Enter keeps it, Esc drops it.
    mutating func logFilterKey(_ key: Key, _ list: LogList) {
        guard let input = list.filterInput else { return }
        var list = list
        switch LineEditor.apply(key, to: input, history: []) {
        case .changed(let edited):
            list.filterInput = edited
            list.filter = edited.text
        case .submitted(let text):
            list.filterInput = nil
            list.filter = text
        case .cancelled:
            list.filterInput = nil
            list.filter = ""
        case .ignored:
            return
        }
        list.top = 0
        list.selected = 0
        state.mode = .log(list)
        reloadLog(keepingPosition: nil)
    }

    /// Typed text while the log's filter is being typed.
    mutating func insertLogFilter(_ text: String, _ list: LogList) {
        guard var input = list.filterInput else { return }
        var list = list
        input.insert(text)
        list.filterInput = input
        list.filter = input.text
        list.top = 0
        list.selected = 0
        state.mode = .log(list)
        reloadLog(keepingPosition: nil)
    }
}

extension Explorer {
    /// The log key in the record pane: the entries that changed the shown record, each opened
    /// to show which fields it set, to what, and when.
    mutating func showRecordHistory() {
        guard let key = state.record?.key else { showLog(); return }
        showLog(filter: key.rawValue, opensAll: true)
    }

    /// A time-travel key outside the log opens the log and says how to use the key there.
    mutating func showLogFor(_ command: Command) {
        showLog()
        inform("select an entry, then \(keyMap.keyName(command)) " + (command == .showAsOf ? "opens the cache as of it" : "goes back to it"))
    }

    /// `:log [TEXT]`: the log, filtered; refused with the reason where no log is kept.
    mutating func showLogCommand(_ filter: String) {
        if let reason = ExplorerState.keepsLog(state) { fail(ExplorerError.invalid(reason.message(keys: keyMap))); return }
        showLog(filter: filter)
    }
}
