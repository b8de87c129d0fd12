import CacheDiagnostics
import GraphQLCache

/// Deleting or restoring many records runs as background work (`BackgroundWriting`): the
/// keys are answered meanwhile, the progress line says what runs and how far it got, `Esc`
/// stops it with nothing written, and the list and watches follow its change when it commits.
/// Small changes stay on the UI thread: they take less time than a frame.
extension Explorer {
    /// Changes of at least this many records run in the background.
    static let backgroundWriteThreshold = 1_000

    /// The backend, when it can make big changes in the background.
    var backgroundWriter: (any BackgroundWriting)? { backend as? any BackgroundWriting }

    /// Starts deleting `keys` in the background; false when it must be done here (a small
    /// delete, or a backend without background writes).
    /// `evenIfSmall`: a small delete refused for another process's lock waits for it there.
    mutating func startBackgroundRemoval(_ keys: [CacheKey], description: String, evenIfSmall: Bool = false) -> Bool {
        guard keys.count >= Self.backgroundWriteThreshold || evenIfSmall else { return false }
        return startLongWork("deleting \(Self.records(keys.count))", .removal(description: description)) { $0.startRemoval(of: keys) }
    }

    /// Starts deleting the `count` records whose key contains `pattern` in the background
    /// (listing them there too); false when it must be done here.
    mutating func startBackgroundRemoval(matching pattern: String, count: Int, description: String) -> Bool {
        guard count >= Self.backgroundWriteThreshold else { return false }
        return startLongWork("deleting \(Self.records(count))", .removal(description: description)) { $0.startRemoval(matching: pattern, expecting: count) }
    }

    /// Starts a big change with `start` unless one runs or the data cannot be changed (the
    /// change on the UI thread then says why).
    private mutating func startLongWork(_ label: String, _ kind: LongWork.Kind, _ start: (any BackgroundWriting) -> Int) -> Bool {
        guard let writer = backgroundWriter, state.longWork == nil, (try? writable()) != nil else { return false }
        state.longWork = LongWork(id: start(writer), label: label, kind: kind)
        state.message = nil
        return true
    }

    /// Starts undoing a big removal in the background; false when it must be done here.
    mutating func startBackgroundRestore(_ entry: UndoEntry, removing keys: [CacheKey], writing batches: [[Record]],
                                         caused: String) -> Bool {
        let count = batches.reduce(0) { $0 + $1.count }
        guard count >= Self.backgroundWriteThreshold else { return false }
        return startLongWork("restoring \(Self.records(count))", .restore(entry, caused: caused)) {
            $0.startRestore(removing: keys, writing: batches, watchesRefetch: true)
        }
    }

    /// Starts undoing a delete kept as rows in the background (however few: the rows go back
    /// as bytes, which only the background writer does).
    mutating func startBackgroundRowRestore(_ entry: UndoEntry, rows: StoredRows, removing keys: [CacheKey],
                                            writing batches: [[Record]], caused: String) -> Bool {
        startLongWork("restoring \(Self.records(rows.count))", .restore(entry, caused: caused)) {
            $0.startRowRestore(rows, removing: keys, writing: batches)
        }
    }

    /// Starts a big redo in the background (`deleting 100,000 records` again after the undo of
    /// a delete); false when it must be done here.
    mutating func startBackgroundRedo(_ entry: RedoEntry) -> Bool {
        guard entry.keys.count >= Self.backgroundWriteThreshold else { return false }
        let label = entry.before.isEmpty ? "deleting \(Self.records(entry.keys.count))" : "redoing \(Self.records(entry.keys.count))"
        return startLongWork(label, .redo(entry)) {
            $0.startRedo(keys: entry.keys, before: entry.before, as: "redo of \(entry.undone.action.summary)")
        }
    }

    /// Starts writing an edit that another process's lock refused in the background, where it
    /// waits for the lock (the waiting line says so, `Esc` cancels); false when it cannot.
    mutating func startBackgroundEdit(_ field: FieldKey, value: CacheValue, previous: CacheValue) -> Bool {
        let brief = ValueText.brief(value)
        return startLongWork("writing \(field)", .edit(field, previous: previous, value: brief)) {
            $0.startWrite([Record(key: field.record, [field.field: value])])
        }
    }

    /// `100,000 records`, grouped as the status bar groups counts.
    static func records(_ count: Int) -> String { "\(MissGroup.number(count)) record\(count == 1 ? "" : "s")" }

    /// `Esc` while a big change runs: asks it to stop; false when none runs.
    mutating func cancelLongWork() -> Bool {
        guard var work = state.longWork, !work.cancelling else { return false }
        backgroundWriter?.cancelBackgroundWrite(work.id)
        work.cancelling = true
        state.longWork = work
        return true
    }

    mutating func longWorkProgressed(id: Int, fraction: Double) {
        guard var work = state.longWork, work.id == id else { return }
        work.fraction = max(work.fraction, fraction)
        state.longWork = work
    }

    /// A big change ended: files the undo step (or puts the undone one back) and says so.
    mutating func longWorkFinished(id: Int, _ outcome: LongWorkOutcome) {
        guard let work = state.longWork, work.id == id else { return }
        state.longWork = nil
        // The backend forgets the broken rows a delete took after its commit, which the screen
        // may have taken in already: the status bar's count is taken again now.
        defer { state.brokenRows = backend.brokenRows }
        switch (work.kind, outcome) {
        case let (.removal(description), .removed(records, brokenRows, origin)):
            finishRemoval(records, brokenRows: brokenRows, origin: origin, description: description)
        case let (.removal(description), .removedRows(rows, brokenRows, origin)):
            finishRowRemoval(rows, brokenRows: brokenRows, origin: origin, description: description)
        case let (.restore(entry, caused), .restored):
            noteChange()
            if case let .removal(records, description) = entry.action {
                inform("undone: \(description) (\(Self.records(records.count)) restored)" + caused)
            } else if case let .rowRemoval(rows, brokenRows, description) = entry.action {
                // Taken back with a refetch's writes, the rows go back as records: broken ones cannot.
                let restored = entry.causedWrites.isEmpty || brokenRows == 0
                    ? "\(Self.recordsAndBrokenRows(rows.count, brokenRows: brokenRows)) restored"
                    : "\(Self.records(rows.count - brokenRows)) restored; \(MissGroup.number(brokenRows)) broken row\(brokenRows == 1 ? "" : "s") could not be"
                inform("undone: \(description) (\(restored))" + caused)
            }
        case let (.edit(field, previous, value), .written(changed, origin)):
            if !changed.isEmpty {
                state.pushUndo(UndoEntry(.edit(field, previous: previous), origin: origin))
                noteChange()
            }
            inform(changed.isEmpty ? "\(field) unchanged" : "\(field) = \(value)" + undoHint)
        case let (.redo(entry), .restored):
            var undone = entry.undone
            undone.origin = (backend as? any RecordWriting)?.lastWriteOrigin
            state.undo.append(undone)
            noteChange()
            inform("redone: \(entry.undone.action.summary)" + undoHint)
        case (.restore(let entry, _), _):
            state.undo.append(entry)
            finishUnwritten(work, outcome)
        case (.redo(let entry), _):
            state.redo.append(entry)
            fallthrough
        default:
            finishUnwritten(work, outcome)
        }
    }

    private mutating func finishRemoval(_ records: [Record], brokenRows: Int, origin: ChangeOrigin?, description: String) {
        if !records.isEmpty {
            state.undo.append(UndoEntry(.removal(records, description: description), origin: origin))
            noteChange()
        }
        if let shown = state.record?.key, records.contains(where: { $0.key == shown }) { state.record = nil }
        let what = records.count == 1 ? "\(records[0].key)" : Self.records(records.count)
        inform(brokenRows == 0 ? "deleted \(what)" + undoHint
            : Self.deletedMessage(records: records.count, brokenRows: brokenRows, undoKey: keyMap.keyName(.undo)))
    }

    /// A delete by pattern that kept its rows: every one of them, broken ones too, goes back
    /// on undo.
    private mutating func finishRowRemoval(_ rows: StoredRows, brokenRows: Int, origin: ChangeOrigin?, description: String) {
        if !rows.isEmpty {
            state.undo.append(UndoEntry(.rowRemoval(rows, brokenRows: brokenRows, description: description), origin: origin))
            noteChange()
        }
        if let shown = state.record?.key, rows.keys.contains(shown) { state.record = nil }
        let what = rows.count == 1 && brokenRows == 0 ? "\(rows.keys[0])" : Self.recordsAndBrokenRows(rows.count, brokenRows: brokenRows)
        inform("deleted \(what)" + undoHint)
    }

    /// `1,497 records and 3 broken rows` of `rows` rows, `brokenRows` of them broken.
    static func recordsAndBrokenRows(_ rows: Int, brokenRows: Int) -> String {
        let records = Self.records(rows - brokenRows)
        return brokenRows == 0 ? records : "\(records) and \(MissGroup.number(brokenRows)) broken row\(brokenRows == 1 ? "" : "s")"
    }

    /// A big change that wrote nothing: cancelled or failed.
    private mutating func finishUnwritten(_ work: LongWork, _ outcome: LongWorkOutcome) {
        switch outcome {
        case .failed(let message): fail(ExplorerError.invalid("\(work.label) failed, nothing changed: \(message)"))
        default: inform("cancelled \(work.label): nothing changed")
        }
    }
}
