import GraphQLCache

/// `e` edits a field (typed, validated, written through the backend) and `u` undoes.
extension Explorer {
    mutating func beginEdit() {
        guard state.focus == .record, let view = state.record, let row = view.selectedRow else {
            inform("\(keyMap.keyName(.edit)) edits a field of the record pane: \(keyMap.keyName(.follow)) moves into it")
            return
        }
        guard let value = try? recordBeforeEdit(FieldKey(record: view.key, field: row.field))?.fields[row.field] else {
            fail(ExplorerError.invalid("\(view.key).\(row.field) no longer exists"))
            return
        }
        let (kind, text) = ValueText.editStart(value)
        state.mode = .edit(EditDialog(field: FieldKey(record: view.key, field: row.field), kind: kind, input: LineInput(text)))
    }

    mutating func editKey(_ key: Key, _ dialog: EditDialog) {
        var dialog = dialog
        if key == .tab || key == .backTab {
            let kinds = EditKind.allCases
            let index = kinds.firstIndex(of: dialog.kind) ?? 0
            dialog.kind = kinds[(index + (key == .tab ? 1 : kinds.count - 1)) % kinds.count]
            dialog.error = nil
            state.mode = .edit(dialog)
            return
        }
        switch LineEditor.apply(key, to: dialog.input, history: state.history[.edit] ?? []) {
        case .changed(let input):
            dialog.input = input
            dialog.error = nil
            state.mode = .edit(dialog)
        case .submitted(let text):
            state.remember(text, in: .edit)
            commitEdit(dialog, text: text)
        case .cancelled:
            state.mode = .normal
            inform("edit cancelled")
        case .ignored: break
        }
    }

    private mutating func commitEdit(_ dialog: EditDialog, text: String) {
        var dialog = dialog
        let backend = self.backend
        var edit: (value: CacheValue, previous: CacheValue)?
        let parser = EditValueParser { key in try backend.loadRecord(key) != nil }
        do {
            let value = try parser.parse(text, as: dialog.kind)
            guard let record = try recordBeforeEdit(dialog.field),
                  let previous = record.fields[dialog.field.field] else {
                throw ExplorerError.invalid("\(dialog.field) no longer exists")
            }
            if let schema = backend.schema,
               let problem = ScalarFit.editProblem(value, fieldKey: dialog.field.field, of: record, schema: schema) {
                throw ExplorerError.invalid(problem)
            }
            edit = (value, previous)
            let changed = try writable().write([Record(key: dialog.field.record, [dialog.field.field: value])])
            state.mode = .normal
            if !changed.isEmpty {
                state.pushUndo(UndoEntry(.edit(dialog.field, previous: previous), origin: writer?.lastWriteOrigin))
                noteChange()
            }
            // The list, record pane and watches follow through the store's change (`.storeDidChange`).
            inform(changed.isEmpty ? "\(dialog.field) unchanged" : "\(dialog.field) = \(ValueText.brief(value))" + undoHint)
        } catch let error as LockContention where error.isLockContention {
            // Another process holds the file's lock: the edit waits for it in the background.
            guard let edit, startBackgroundEdit(dialog.field, value: edit.value, previous: edit.previous) else {
                dialog.error = "\(error)"
                state.mode = .edit(dialog)
                return
            }
            state.mode = .normal
        } catch {
            dialog.error = "\(error)"
            state.mode = .edit(dialog)
        }
    }

    /// The edited field's record as it is now: read from the file, or, while another process's
    /// lock keeps the read out, the field as the record pane shows it (the edit then waits for
    /// the lock in the background, `startBackgroundEdit`).
    private func recordBeforeEdit(_ field: FieldKey) throws -> Record? {
        do {
            return try backend.loadRecord(field.record)
        } catch let error as LockContention where error.isLockContention {
            guard state.record?.key == field.record,
                  let row = state.record?.rows.first(where: { $0.field == field.field && $0.path.isEmpty }) else { throw error }
            return Record(key: field.record, [field.field: row.value])
        }
    }

    /// `; u undoes` with the user's undo key, after a change.
    /// `; u undoes`, or from the query console (which takes letters as text and has no undo)
    /// `; Esc, then u undoes`.
    var undoHint: String {
        "; \(state.focus == .query ? keyMap.keyNameAfterLeavingTheConsole(.undo) : keyMap.keyName(.undo)) undoes"
    }

    /// `u`: takes back the last action together with the writes it caused (a watch that missed
    /// after it and refetched), in one transaction.
    mutating func undoLast() {
        guard let entry = state.undo.popLast() else { return }
        let (remove, restore) = entry.beforeCausedWrites
        let written = entry.causedWrites.reduce(0) { $0 + $1.recordCount }
        let caused = written == 0 ? "" : " and \(written) record\(written == 1 ? "" : "s") its watch refetch wrote"
        let redo = redoEntry(undoing: entry)
        do {
            switch entry.action {
            case let .edit(field, previous):
                try writable().restore(removing: remove, writing: [restore, [Record(key: field.record, [field.field: previous])]],
                                    watchesRefetch: true)
                noteChange()
                inform("undone: \(field) = \(ValueText.brief(previous))" + caused)
            case let .removal(records, description):
                _ = try writable()
                if startBackgroundRestore(entry, removing: remove, writing: [restore, records], caused: caused) {
                    // Redoing a cancelled restore writes the records as they are: harmless.
                    if let redo { state.redo.append(redo) }
                    return
                }
                try writable().restore(removing: remove, writing: [restore, records], watchesRefetch: true)
                noteChange()
                inform("undone: \(description) (\(records.count) record\(records.count == 1 ? "" : "s") restored)" + caused)
            case .rowRemoval(let rows, _, _):
                _ = try writable()
                if startBackgroundRowRestore(entry, rows: rows, removing: remove, writing: [restore], caused: caused) {
                    if let redo { state.redo.append(redo) }
                    return
                }
                // Another big change runs: the undo waits for it.
                state.undo.append(entry)
                inform("another change is under way: \(keyMap.keyName(.undo)) again once it is done")
                return
            case let .rewind(previous, touched, description):
                try writable().restore(removing: remove + touched, writing: [restore, previous], watchesRefetch: true)
                noteChange()
                inform("undone: \(description) (\(touched.count) record\(touched.count == 1 ? "" : "s") restored)" + caused)
            case .watchFetch(let watch):
                // The watch then misses; fetching straight back would undo the undo.
                try writable().restore(removing: remove, writing: [restore], watchesRefetch: false)
                noteChange()
                inform("undone: what \(watch) fetched (\(written) records); \(keyMap.keyName(.refetch)) fetches again")
            case .consoleFetch:
                try writable().restore(removing: remove, writing: [restore], watchesRefetch: false)
                noteChange()
                inform("undone: \(entry.action.summary) (\(written) record\(written == 1 ? "" : "s"))")
            }
            if let redo { state.redo.append(redo) }
        } catch let error as LockContention where error.isLockContention {
            // Said, not only marked stale (`fail`): the user must know the undo did not happen.
            state.undo.append(entry)
            state.lockedOutReads = true
            state.message = StatusMessage("another process holds the file's lock: nothing undone; "
                                          + "\(keyMap.keyName(.undo)) again once it is released", isError: true)
        } catch {
            state.undo.append(entry)
            fail(error)
        }
    }
}
