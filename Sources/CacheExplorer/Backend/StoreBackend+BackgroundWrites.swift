import GraphQLCache

/// Deleting and restoring many records as background work: one store transaction each, read
/// and written a chunk at a time so that it can say how far it got and stop between chunks;
/// the store commits it whole or not at all, and its change reaches the list and the watches
/// as any change does.
extension StoreBackend {
    /// Records handled between two progress reports and cancellation checks.
    static let writeChunk = 2_048

    package func startRemoval(of keys: [CacheKey]) -> Int {
        startBackgroundWrite { [weak self] report in
            guard let self else { return .cancelled }
            let (removed, broken, origin) = try self.removeInChunks(keys, report: report)
            return .removed(removed, brokenRows: broken, origin: origin)
        }
    }

    package func startRemoval(matching pattern: String) -> Int {
        startBackgroundWrite { [weak self] report in
            guard let self else { return .cancelled }
            let keys = try self.keys(matching: pattern, offset: 0, limit: self.keyCount(matching: pattern))
            let (removed, broken, origin) = try self.removeInChunks(keys, report: report)
            return .removed(removed, brokenRows: broken, origin: origin)
        }
    }

    package func startRestore(removing keys: [CacheKey], writing batches: [[Record]], watchesRefetch: Bool) -> Int {
        startBackgroundWrite { [weak self] report in
            guard let self else { return .cancelled }
            try self.restoreInChunks(removing: keys, writing: batches, origin: self.newOrigin("undo", refetches: watchesRefetch),
                                     report: report)
            return .restored
        }
    }

    package func startRedo(keys: [CacheKey], before: [Record], as kind: String) -> Int {
        startBackgroundWrite { [weak self] report in
            guard let self else { return .cancelled }
            let clear = RedoEntry.keysToClear(keys, before: before, now: try self.loadRecords(forKeys: Set(keys)))
            try self.restoreInChunks(removing: clear, writing: [before], origin: self.newOrigin(kind), report: report)
            return .restored
        }
    }

    package func startWrite(_ records: [Record]) -> Int {
        startBackgroundWrite { [weak self] _ in
            guard let self else { return .cancelled }
            let changed = try self.write(records)
            return .written(changed.fieldKeys, origin: self.lastWriteOrigin)
        }
    }

    package func cancelBackgroundWrite(_ id: Int) { work.cancel(id) }

    /// Runs `body` as background work, posting its progress and its outcome.
    private func startBackgroundWrite(_ body: @escaping @Sendable (_ report: (Double) -> Void) throws -> LongWorkOutcome) -> Int {
        work.start { [weak self] id in
            let outcome: LongWorkOutcome
            do {
                outcome = try body { fraction in self?.post(.longWorkProgressed(id: id, fraction: fraction)) }
            } catch where Task.isCancelled || error is CancellationError {
                outcome = .cancelled
            } catch {
                outcome = .failed("\(error)")
            }
            self?.post(.longWorkFinished(id: id, outcome))
        }
    }

    /// `remove(keys:)` a chunk at a time inside one transaction: each chunk's records are
    /// loaded (kept for undo) and removed; the commit deletes them all at once.
    private func removeInChunks(_ keys: [CacheKey], report: (Double) -> Void) throws -> ([Record], Int, ChangeOrigin) {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        let origin = newOrigin("delete")
        var broken: [CacheKey] = []
        let removed = try store.withinReadWriteTransaction(origin: origin) { transaction -> [Record] in
            var removed: [Record] = []
            removed.reserveCapacity(keys.count)
            for start in stride(from: 0, to: keys.count, by: Self.writeChunk) {
                try Task.checkCancellation()
                let chunk = Array(keys[start..<min(keys.count, start + Self.writeChunk)])
                let (records, brokenKeys) = try loadForRemoval(chunk, in: transaction)
                if start == 0 { reserveRemovals(keys.count, like: records, in: transaction) }
                for key in chunk where records[key] != nil || brokenKeys.contains(key) { try transaction.removeRecord(for: key) }
                removed += chunk.compactMap { records[$0] }
                broken += brokenKeys
                report(Double(start + chunk.count) / Double(keys.count) * Self.preparedShare)
            }
            try Task.checkCancellation()
            return removed
        }
        if !broken.isEmpty { forgetBrokenRows(Set(broken)) }
        return (removed, broken.count, origin)
    }

    /// Makes room in `transaction` for `count` removals with as many fields each as `sample`'s
    /// records have on average.
    private func reserveRemovals(_ count: Int, like sample: [CacheKey: Record], in transaction: ReadWriteTransaction) {
        let fields = sample.values.reduce(0) { $0 + $1.fields.count }
        transaction.reserve(removals: count, fields: count * fields / max(1, sample.count))
    }

    /// The share of the progress bar that preparing a write fills; the commit fills the rest.
    static let preparedShare = 0.9

    /// The records among `keys` and the keys of broken rows (which cannot be loaded as records
    /// but are removed too); broken rows are looked for only when a load meets one.
    private func loadForRemoval(_ keys: [CacheKey], in transaction: ReadWriteTransaction) throws -> ([CacheKey: Record], [CacheKey]) {
        do {
            return (try transaction.loadRecords(forKeys: Set(keys)), [])
        } catch {
            let broken = try loadStoredRecords(forKeys: Set(keys)).compactMap { $0.value.record == nil ? $0.key : nil }
            return (try transaction.loadRecords(forKeys: Set(keys).subtracting(broken)), broken)
        }
    }

    /// `restore(removing:writing:watchesRefetch:)` a chunk of records at a time, removals too
    /// (a redo of a big delete's undo is all removals).
    private func restoreInChunks(removing keys: [CacheKey], writing batches: [[Record]], origin: ChangeOrigin,
                                 report: (Double) -> Void) throws {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        let total = max(1, keys.count + batches.reduce(0) { $0 + $1.count })
        var done = 0
        try store.withinReadWriteTransaction(origin: origin) { transaction in
            transaction.reserve(removals: keys.count, fields: 0)
            transaction.reserve(merges: total - keys.count, fields: batches.reduce(0) { $0 + $1.reduce(0) { $0 + $1.fields.count } })
            for start in stride(from: 0, to: keys.count, by: Self.writeChunk) {
                try Task.checkCancellation()
                for key in keys[start..<min(keys.count, start + Self.writeChunk)] { _ = try transaction.removeRecord(for: key) }
                done = min(keys.count, start + Self.writeChunk)
                report(Double(done) / Double(total) * Self.preparedShare)
            }
            for batch in batches {
                for start in stride(from: 0, to: batch.count, by: Self.writeChunk) {
                    try Task.checkCancellation()
                    let chunk = batch[start..<min(batch.count, start + Self.writeChunk)]
                    try transaction.mergeWithoutAnswer(records: RecordSet(records: Array(chunk)))
                    done += chunk.count
                    report(Double(done) / Double(total) * Self.preparedShare)
                }
            }
            try Task.checkCancellation()
        }
    }
}
