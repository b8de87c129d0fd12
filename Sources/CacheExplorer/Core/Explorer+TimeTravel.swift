import GraphQLCache

/// Time travel from the write log: "go back to here" restores the records the later entries
/// touched to how they were just after the selected entry, as one change (undoable, logged,
/// watches refresh through the store's notification); "show as of here" opens a read-only view
/// of the whole cache at that point, in memory, leaving the file alone. Esc returns from it.
extension Explorer {
    /// The backend and state to return to from an "as of" view.
    package struct TimeTravelReturn {
        let backend: any RecordBrowsing
        let state: ExplorerState
    }

    /// Asks before going back to the selected entry.
    mutating func confirmGoBack(_ list: LogList) {
        guard let row = list.selectedRow else { return }
        if let reason = ExplorerState.writable(state) { fail(ExplorerError.invalid(reason.message(keys: keyMap))); return }
        let later = list.entryCount - 1 - row.position
        guard later > 0 else { inform("this is the latest entry: the cache is as it left it"); return }
        state.mode = .confirm(.goBack(position: row.position, laterEntries: later))
    }

    /// Restores the cache to just after the entry at `position`, as one change named
    /// `go back to #N` that `u` takes back.
    mutating func goBack(to position: Int) {
        guard let log = writeLog, let host = backend as? any HistoryHosting else { return }
        do {
            let sequence = try log.entries(position..<(position + 1)).first?.sequence ?? position + 1
            let states = try log.states(asOf: position)
            let now = try backend.loadRecords(forKeys: Set(states.keys))
            let differing = states.keys.filter { now[$0]?.fields != states[$0] ?? nil }.sorted()
            guard !differing.isEmpty else { inform("the cache is already as it was after #\(sequence)"); return }
            let restored = differing.compactMap { key in states[key]!.map { Record(key: key, $0) } }
            let description = "go back to #\(sequence)"
            try host.rewind(removing: differing.filter { now[$0] != nil }, writing: restored, named: description)
            let previous = differing.compactMap { now[$0] }
            state.undo.append(UndoEntry(.rewind(previous: previous, touched: differing, description: description),
                                        origin: writer?.lastWriteOrigin))
            noteChange()
            inform("went back to #\(sequence): \(differing.count) record\(differing.count == 1 ? "" : "s") restored" + undoHint)
        } catch {
            fail(error)
        }
    }

    /// Opens a read-only view of the cache as it was just after the selected entry.
    mutating func showAsOf(_ list: LogList) {
        guard let row = list.selectedRow, let log = writeLog else { return }
        do {
            let sequence = try log.entries(row.position..<(row.position + 1)).first?.sequence ?? row.position + 1
            var records: [CacheKey: [String: CacheValue]] = [:]
            try backend.forEachRecord { records[$0.key] = $0.fields }
            for (key, fields) in try log.states(asOf: row.position) { records[key] = fields }
            let cache = InMemoryNormalizedCache(records: RecordSet(records: records.map { Record(key: $0.key, $0.value) }))
            let view = StoreBackend(cache: cache, sourceName: "\(backend.sourceName) as of #\(sequence)", readOnly: true,
                                    configuration: (backend as? StoreBackend)?.store.configuration ?? CacheConfiguration())
            let saved = TimeTravelReturn(backend: backend, state: state)
            replaceBackend(view)
            timeTravelReturn = saved
            inform("as of #\(sequence), read-only; \(keyMap.keyName(.cancel)) returns to now")
        } catch {
            fail(error)
        }
    }

    /// Esc in an "as of" view: back to the data as it is now, where the user left it.
    mutating func leaveTimeTravel() -> Bool {
        guard let saved = timeTravelReturn else { return false }
        timeTravelReturn = nil
        backend = saved.backend
        let size = state.size
        state = saved.state
        state.size = size
        state.mode = .normal
        reloadList(refetch: true)
        inform("back to now")
        return true
    }
}
