import GraphQLCache

/// The watches as a workspace: select one in the pane, open it (its whole result as the
/// console's hit/miss tree), refetch, edit or remove it; what a watch's fetch writes is said and
/// undone with the action that caused it; background reads show progress and `Esc` cancels them.
extension Explorer {
    /// Background work shows progress once it has run this long.
    package static let progressDelay: Duration = .milliseconds(200)

    /// Whether the screen shows progress of background work (so the loop redraws as time passes).
    package var showsProgress: Bool {
        if state.longWork != nil { return true }
        guard let since = state.busySince else { return false }
        return state.now - since >= Self.progressDelay
    }

    /// The watch keys act on: the open one, else the one selected in the pane.
    var actedWatch: WatchSnapshot? {
        if let name = state.openWatch { return state.watches.first { $0.name == name } }
        return state.watches.indices.contains(state.selectedWatch) ? state.watches[state.selectedWatch] : nil
    }

    /// `Enter` on a watch: the workspace, filling the screen.
    mutating func openSelectedWatch() {
        guard let watch = actedWatch else { inform(DisabledReason.noWatchMessage(keyMap)); return }
        state.openWatch = watch.name
        state.watchTop = 0
    }

    mutating func closeWatch() {
        state.openWatch = nil
        state.watchTop = 0
    }

    /// `f`: fetch the watch again (the network when watches have one, else the cache).
    mutating func refetchSelectedWatch() {
        guard let watch = actedWatch else { inform("no watch selected: \(keyMap.keyName(.nextPane)) focuses the watches"); return }
        do {
            try watching().refetchWatch(watch.name)
            refreshWatches()
            inform(state.watchesUseNetwork ? "refetching \(watch.name) from the network" : "re-reading \(watch.name) from the cache (no network)")
        } catch {
            fail(error)
        }
    }

    /// `d` on a watch: stop and forget it (the cache is untouched).
    mutating func removeSelectedWatch() {
        guard let watch = actedWatch else { inform("no watch selected"); return }
        do {
            try watching().removeWatch(watch.name)
            closeWatch()
            refreshWatches()
            if state.watches.isEmpty { state.focus = .records }
            inform("removed watch \(watch.name)")
        } catch {
            fail(error)
        }
    }

    /// `e` on a watch: edit its document and variables.
    mutating func beginWatchEdit() {
        guard let watch = actedWatch else { inform("no watch selected"); return }
        state.mode = .editWatch(WatchEditor(name: watch.name, document: LineInput(watch.summary),
                                            variables: LineInput(watch.variables)))
    }

    mutating func watchEditorKey(_ key: Key, _ editor: WatchEditor) {
        var editor = editor
        if key == .tab || key == .backTab {
            editor.editingVariables.toggle()
            state.mode = .editWatch(editor)
            return
        }
        switch LineEditor.apply(key, to: editor.editingVariables ? editor.variables : editor.document) {
        case .changed(let input):
            if editor.editingVariables { editor.variables = input } else { editor.document = input }
            editor.error = nil
            state.mode = .editWatch(editor)
        case .submitted:
            do {
                state.mode = .normal
                if editor.isNew {
                    try startWatch(editor.document.text, variables: editor.variables.text)
                    return
                }
                try watching().replaceWatch(editor.name, document: editor.document.text, variables: editor.variables.text)
                refreshWatches()
                inform("\(editor.name) now watches \(editor.document.text)")
            } catch {
                editor.error = "\(error)"
                state.mode = .editWatch(editor)
            }
        case .cancelled:
            state.mode = .normal
            inform(editor.isNew ? "not watched" : "\(editor.name) unchanged")
        case .ignored:
            break
        }
    }

    /// A watch's fetch wrote: say so, and file it under the action that caused it (or as an
    /// undo step of its own when nothing the user did caused it).
    mutating func watchWrote(_ write: WatchWrite) {
        let count = "\(write.recordCount) record\(write.recordCount == 1 ? "" : "s")"
        if let cause = write.cause, let index = state.undo.lastIndex(where: { $0.origin == cause }) {
            state.undo[index].causedWrites.append(write)
            inform("\(write.watch) refetched: wrote \(count); \(keyMap.keyName(.undo)) undoes it with \(state.undo[index].action.summary)")
        } else {
            state.pushUndo(UndoEntry(.watchFetch(write.watch), causedWrites: [write]))
            inform("\(write.watch) fetched: wrote \(count)" + undoHint)
        }
    }

    /// Re-reads the watches; those already shown whose update count grew flash (afresh) for
    /// `flashDuration`. A watch just added does not flash: its first result is no change.
    mutating func refreshWatches() {
        let previous = Dictionary(state.watches.map { ($0.name, $0.updateCount) }, uniquingKeysWith: { a, _ in a })
        state.watches = watchHost?.watches() ?? []
        for watch in state.watches where previous[watch.name].map({ watch.updateCount > $0 }) == true {
            state.flashing.insert(watch.name)
            state.flashingSince = nil
            state.watchChangedAt[watch.name] = state.now
        }
        state.selectedWatch = max(0, min(state.selectedWatch, state.watches.count - 1))
        if let open = state.openWatch, !state.watches.contains(where: { $0.name == open }) { closeWatch() }
        updateBusy()
    }

    /// Notes when background work began (or that none runs).
    mutating func updateBusy() {
        let busy = state.console.running != nil || state.watches.contains(where: \.isReading)
        if !busy { state.busySince = nil } else if state.busySince == nil { state.busySince = state.now }
    }

    /// What is running in the background, for the progress line.
    var busyLabels: [String] {
        state.watches.filter(\.isReading).map(\.name) + (state.console.running != nil ? ["console query"] : [])
    }

    /// `Esc` while work runs: cancel all of it; false when nothing was running.
    mutating func cancelBackgroundWork() -> Bool {
        let stoppedLongWork = cancelLongWork()
        var cancelled = watchHost?.cancelWatchReads() ?? []
        if let id = state.console.running {
            explainer?.cancelExplain(id)
            state.console.running = nil
            state.console.error = "cancelled"
            cancelled.append("console query")
        }
        guard !cancelled.isEmpty else { return stoppedLongWork }
        refreshWatches()
        inform("cancelled: " + cancelled.joined(separator: ", "))
        return true
    }

    /// A console query run in the background ended; an outcome of a run since replaced or
    /// cancelled is dropped.
    mutating func queryExplained(id: Int, _ outcome: QueryOutcome) {
        guard state.console.running == id else { return }
        state.console.running = nil
        switch outcome {
        case .report(let report):
            state.console.report = report
            state.console.fetch = nil
            state.console.error = nil
            state.console.top = 0
        case let .fetched(report, fetch):
            consoleFetched(report, fetch)
        case .failed(let message):
            state.console.report = nil
            state.console.error = message
        case .cancelled:
            state.console.error = "cancelled"
        }
        updateBusy()
    }
}

extension UndoEntry.Action {
    /// The action in a few words, for messages.
    var summary: String {
        switch self {
        case .edit(let field, _): return "the edit of \(field)"
        case .removal(_, let description), .rowRemoval(_, _, let description), .rewind(_, _, let description): return description
        case .watchFetch(let watch): return "\(watch)'s fetch"
        case .consoleFetch(let policy): return "the console's fetch (\(policy))"
        }
    }
}
