import GraphQLCache

/// `d` deletes a record, `D` deletes by pattern after a preview of the impact, `r` lists who
/// points at a record. Deletions are undoable.
extension Explorer {
    /// How many matching keys the pattern preview lists.
    static let previewSampleSize = 8

    /// The record `d` and `r` act on: the one shown when the record view has focus, else the
    /// selected list row.
    var targetKey: CacheKey? {
        if state.focus == .record, let key = state.record?.key { return key }
        return state.list.selectedRow?.key ?? state.record?.key
    }

    mutating func beginDelete() {
        guard !state.readOnly else { fail(ExplorerError.readOnly); return }
        guard let key = targetKey else { inform("nothing selected to delete"); return }
        state.mode = .confirmDelete(key)
    }

    mutating func confirmDeleteKey(_ key: Key, _ target: CacheKey) {
        state.mode = .normal
        guard key == .character("y") || key == .character("Y") else { inform("kept \(target)"); return }
        removeRecords([target], description: "delete \(target)")
    }

    mutating func beginPatternDelete() {
        guard !state.readOnly else { fail(ExplorerError.readOnly); return }
        state.mode = .deletePattern(LineInput(state.list.filter))
    }

    /// Builds the preview: matching keys and count, references that would dangle, watches hit.
    mutating func previewPatternDelete(_ pattern: String) {
        guard !pattern.isEmpty else { inform("an empty pattern matches every key; :clear is not offered"); return }
        do {
            let count = try backend.keyCount(matching: pattern)
            guard count > 0 else { inform("no key contains \"\(pattern)\""); return }
            let sample = try backend.keys(matching: pattern, offset: 0, limit: Self.previewSampleSize)
            let (dangling, danglingCount) = try wouldDangle(KeyPattern(pattern))
            let matcher = KeyPattern(pattern)
            let affected = state.watches.filter { $0.dependentRecords.contains(where: matcher.matches) }.map(\.name)
            state.mode = .confirmPattern(PatternPreview(pattern: pattern, count: count, sample: sample,
                                                        danglingReferences: dangling, danglingCount: danglingCount,
                                                        affectedWatches: affected))
        } catch {
            fail(error)
        }
    }

    /// References from records that stay to existing records that would go: a sample and the count.
    private func wouldDangle(_ matcher: KeyPattern) throws -> ([String], Int) {
        var candidates: [(from: String, target: CacheKey)] = []
        try backend.forEachRecord { record in
            guard !matcher.matches(record.key) else { return }
            for field in RecordRows.orderedFields(record) {
                for target in record.fields[field]!.referencedKeys where matcher.matches(target) {
                    candidates.append(("\(record.key).\(field)", target))
                }
            }
        }
        let existing = try backend.loadRecords(forKeys: Set(candidates.map(\.target)))
        let dangling = candidates.filter { existing[$0.target] != nil }
        return (Array(dangling.map { "\($0.from) → \($0.target)" }.sorted().prefix(5)), dangling.count)
    }

    mutating func confirmPatternKey(_ key: Key, _ preview: PatternPreview) {
        state.mode = .normal
        guard key == .character("y") || key == .character("Y") else { inform("nothing deleted"); return }
        do {
            let count = try backend.keyCount(matching: preview.pattern)
            let keys = try backend.keys(matching: preview.pattern, offset: 0, limit: count)
            removeRecords(keys, description: "delete \"\(preview.pattern)\"")
        } catch {
            fail(error)
        }
    }

    mutating func removeRecords(_ keys: [CacheKey], description: String) {
        do {
            let removed = try backend.remove(keys: keys)
            if !removed.isEmpty { state.undo.append(.removal(removed, description: description)) }
            refreshAfterChange()
            inform("deleted \(removed.count) record\(removed.count == 1 ? "" : "s"); u undoes")
        } catch {
            fail(error)
        }
    }

    /// `r`: every field of every record that references the target (one scan, on demand).
    mutating func showInbound() {
        guard let target = targetKey else { inform("nothing selected"); return }
        var references: [FieldKey] = []
        do {
            try backend.forEachRecord { record in
                for (field, value) in record.fields where value.referencedKeys.contains(target) {
                    references.append(FieldKey(record: record.key, field: field))
                }
            }
        } catch {
            fail(error)
            return
        }
        references.sort { a, b in
            a.record == b.record ? NaturalOrder.precedes(a.field, b.field) : a.record < b.record
        }
        state.mode = .inbound(InboundList(target: target, references: references))
    }
}
