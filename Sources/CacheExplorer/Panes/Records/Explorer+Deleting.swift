import CacheDiagnostics
import GraphQLCache

/// `d` deletes a record, `D` deletes by pattern after a preview of the impact, `r` lists who
/// points at a record. Deletions are undoable.
extension Explorer {
    /// How many matching keys the pattern preview lists.
    static let previewSampleSize = 8

    /// `d`: asks to delete the record the record pane shows (`ExplorerState.targetKey`).
    mutating func beginDelete() {
        guard let key = state.targetKey else { return }
        state.mode = .confirm(.delete(key))
    }

    /// `D`: the pattern prompt, prefilled with the filter when it is a substring (the pattern
    /// is one; a `type:` or `re:` filter is not a key pattern).
    mutating func beginPatternDelete() {
        state.mode = .deletePattern(LineInput((try? ListFilter.parse(state.list.filter))?.substring ?? ""))
    }

    /// Builds the preview (in the background over a big cache): matching keys and count,
    /// references that would dangle, watches hit.
    mutating func previewPatternDelete(_ pattern: String) {
        guard !pattern.isEmpty else { inform("an empty pattern matches every key; :clear is not offered"); return }
        let matcher = KeyPattern(pattern)
        let affected = state.watches.filter { $0.dependencies.records.contains(where: matcher.matches) }.map(\.name)
        runScan(.patternPreview(pattern)) { [backend] in
            let count = try backend.keyCount(matching: pattern)
            guard count > 0 else { return .patternPreview(nil) }
            let sample = try backend.keys(matching: pattern, offset: 0, limit: Self.previewSampleSize)
            let doomed = Set(try backend.keys(matching: pattern, offset: 0, limit: count))
            let (dangling, danglingCount) = try Self.wouldDangle(matcher, doomed: doomed, backend: backend)
            return .patternPreview(PatternPreview(pattern: pattern, count: count, sample: sample,
                                                  danglingReferences: dangling, danglingCount: danglingCount,
                                                  affectedWatches: affected))
        }
    }

    /// The preview's confirmation, or that no key contains the pattern.
    mutating func showPatternPreview(_ preview: PatternPreview?, kind: BackgroundScan.Kind) {
        guard let preview else {
            if case .patternPreview(let pattern) = kind { inform("no key contains \"\(pattern)\"") }
            return
        }
        state.mode = .confirm(.deletePattern(preview))
    }

    /// References from records that stay to existing records that would go (`doomed`, the
    /// matching keys, known from the key listing, rather than loading every target): the first
    /// few in order and the count. Only the lines shown are written out: a list of 100,000
    /// references into the pattern made a line and a sort entry each.
    private static func wouldDangle(_ matcher: KeyPattern, doomed: Set<CacheKey>,
                                    backend: any RecordBrowsing) throws -> ([String], Int) {
        var sample = DanglingSample(limit: 5)
        try backend.forEachRecord(pointingInto: matcher) { record in
            guard !matcher.matches(record.key) else { return }
            for (field, value) in RecordRows.orderedEntries(record) {
                var from: String?
                value.forEachReferencedKey { target in
                    // The pattern first: it rejects most targets sooner than hashing them does.
                    guard matcher.matches(target), doomed.contains(target) else { return }
                    let name = from ?? "\(record.key).\(field)"
                    from = name
                    sample.add(from: name, to: target)
                }
            }
        }
        return (sample.lines, sample.count)
    }

    /// Deletes every record the preview's pattern matches now.
    mutating func deleteMatching(_ preview: PatternPreview) {
        let description = "delete \"\(preview.pattern)\""
        if startBackgroundRemoval(matching: preview.pattern, count: preview.count, description: description) { return }
        do {
            let count = try backend.keyCount(matching: preview.pattern)
            let keys = try backend.keys(matching: preview.pattern, offset: 0, limit: count)
            removeRecords(keys, description: description)
        } catch {
            fail(error)
        }
    }

    mutating func removeRecords(_ keys: [CacheKey], description: String) {
        if startBackgroundRemoval(keys, description: description) { return }
        do {
            let broken = Set(state.brokenRows.brokenKeys + state.list.rows.filter { $0.brokenError != nil }.map(\.key)).intersection(keys)
            let removed = try writable().remove(keys: keys)
            if !removed.isEmpty {
                state.pushUndo(UndoEntry(.removal(removed, description: description), origin: writer?.lastWriteOrigin))
                noteChange()
            }
            // The record pane showed a record that is gone: it previews the list's selection again.
            if let shown = state.record?.key, broken.contains(shown) || removed.contains(where: { $0.key == shown }) {
                state.record = nil
            }
            // The list and watches follow through the store's change (`.storeDidChange`).
            if broken.isEmpty {
                let what = removed.count == 1 ? "\(removed[0].key)" : "\(removed.count) records"
                inform("deleted \(what)" + undoHint)
            } else {
                inform(Self.deletedMessage(records: removed.count, brokenRows: broken.count, undoKey: keyMap.keyName(.undo)))
            }
        } catch let error as LockContention where error.isLockContention {
            // Another process holds the file's lock: the delete waits for it in the background.
            if !startBackgroundRemoval(keys, description: description, evenIfSmall: true) { fail(error) }
        } catch {
            fail(error)
        }
    }

    /// What deleting broken rows (and records beside them) did: undo cannot bring a broken
    /// row's text back.
    static func deletedMessage(records: Int, brokenRows: Int, undoKey: String) -> String {
        let recordText = Self.records(records)
        let brokenText = "\(MissGroup.number(brokenRows)) broken row\(brokenRows == 1 ? "" : "s")"
        return records == 0 ? "deleted \(brokenText) (undo cannot bring its text back)"
            : "deleted \(recordText) and \(brokenText); \(undoKey) undoes the records"
    }
}
