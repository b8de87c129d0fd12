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

    package func startRemoval(matching pattern: String, expecting count: Int) -> Int {
        startBackgroundWrite { [weak self] report in
            guard let self else { return .cancelled }
            if let removed = try self.removeRows(matching: pattern, expecting: count, report: report) { return removed }
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

    package func startRowRestore(_ rows: StoredRows, removing keys: [CacheKey], writing batches: [[Record]]) -> Int {
        startBackgroundWrite { [weak self] report in
            guard let self else { return .cancelled }
            try self.restoreRows(rows, removing: keys, writing: batches, report: report)
            return .restored
        }
    }

    package func startRedo(keys: [CacheKey], before: [Record], as kind: String) -> Int {
        startBackgroundWrite { [weak self] report in
            guard let self else { return .cancelled }
            // Nothing to put back (the redo of an undone delete): every key goes, read or not;
            // reading them would decode 100,000 records, and fail on a broken row the undo of a
            // delete kept as rows put back.
            let clear = before.isEmpty ? keys : RedoEntry.keysToClear(keys, before: before, now: try self.loadRecords(forKeys: Set(keys)))
            try self.restoreInChunks(removing: clear, writing: [before], origin: self.newOrigin(kind), report: report)
            // A broken row among those removed is gone from the status bar's count too.
            if !self.brokenRows.brokenKeys.isEmpty { self.forgetBrokenRows(Set(clear)) }
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

    /// `remove(keys:)` inside one transaction, in three steps that can say how far they got
    /// and stop between slices: the rows are read as the cache stores them (bytes), a chunk at
    /// a time; they are decoded on every core into the records kept for undo (a row that is
    /// not a record is removed too, and counted); then the transaction removes them all
    /// without loading them again, and the write log is handed the rows and their fields
    /// rather than reading and decoding them again (`WriteLog.expect`). Each row is read
    /// once and decoded once; before, the delete loaded every record, removed them one by
    /// one with their field keys, and the log read and decoded every row again: 10x of a raw
    /// `DELETE` of the same rows.
    private func removeInChunks(_ keys: [CacheKey], report: (Double) -> Void) throws -> ([Record], Int, ChangeOrigin) {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        let origin = newOrigin("delete")
        var broken: [CacheKey] = []
        let removed = try store.withinReadWriteTransaction(origin: origin) { transaction -> [Record] in
            var rows = [CacheKey: [UInt8]](minimumCapacity: keys.count)
            var forLog = true
            for start in stride(from: 0, to: keys.count, by: Self.writeChunk) {
                try Task.checkCancellation()
                let chunk = Set(keys[start..<min(keys.count, start + Self.writeChunk)])
                let read = try storedRows(chunk)
                rows.merge(read.rows) { _, read in read }
                forLog = forLog && read.forLog
                report(Double(start + chunk.count) / Double(keys.count) * Self.readShare)
            }
            let decoded = try StoredRowDecoding.decode(keys, rows: rows) { fraction in
                report(Self.readShare + fraction * (Self.preparedShare - Self.readShare))
            }
            try Task.checkCancellation()
            try transaction.removeStoredRows(Set(rows.keys))
            if forLog { writeLog?.expect(rows: rows, fields: decoded.fields, committedAs: origin) }
            broken = decoded.broken
            return decoded.records
        }
        if !broken.isEmpty { forgetBrokenRows(Set(broken)) }
        return (removed, broken.count, origin)
    }

    /// The share of the progress bar that reading a delete's rows fills (decoding them fills
    /// the rest of `preparedShare`).
    static let readShare = 0.4

    /// The share of the progress bar that preparing a write fills; the commit fills the rest.
    static let preparedShare = 0.9

    /// The stored rows of `keys` (a key without a row left out) as the write log reads them,
    /// so that it can take them as its before-images (`forLog` true). A log that re-encodes
    /// records rather than reading the stored JSON cannot read a broken row: then the rows are
    /// read as the cache holds them, a broken row as its text, and `forLog` is false (the log
    /// reads them itself, as it would have).
    private func storedRows(_ keys: Set<CacheKey>) throws -> (rows: [CacheKey: [UInt8]], forLog: Bool) {
        if let writeLog {
            do { return (try writeLog.rows.current(keys), true) } catch {
                // A broken row (the cache's own error type names it), or another failure,
                // which the read below meets again and throws.
                guard browsing is any BrokenRowReporting else { throw error }
            }
        }
        guard let reporting = browsing as? any BrokenRowReporting else {
            return (try browsing.loadRecords(forKeys: keys).mapValues { RecordJSON.encode($0.fields) }, false)
        }
        return (try reporting.loadStoredRecords(forKeys: keys).mapValues { row in
            switch row {
            case .record(let record): RecordJSON.encode(record.fields)
            case .broken(let broken): Array(broken.text.utf8)
            }
        }, false)
    }

    /// `restore(removing:writing:watchesRefetch:)`: removals a chunk at a time (a redo of a
    /// big delete's undo is all removals), each batch of records in one merge. The write log
    /// is handed the records, so that it writes the rows of those that had none as their JSON
    /// instead of reading them back and decoding them (`WriteLog.expect(merging:committedAs:)`).
    func restoreInChunks(removing keys: [CacheKey], writing batches: [[Record]], origin: ChangeOrigin,
                                 report: (Double) -> Void) throws {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        // A broken-row scan meanwhile sees its chunks before the transaction ends.
        defer { brokenRowsEdited() }
        let total = max(1, keys.count + batches.reduce(0) { $0 + $1.count })
        var done = 0
        try store.withinReadWriteTransaction(origin: origin) { transaction in
            transaction.reserve(removals: keys.count, fields: 0)
            for start in stride(from: 0, to: keys.count, by: Self.writeChunk) {
                try Task.checkCancellation()
                for key in keys[start..<min(keys.count, start + Self.writeChunk)] { _ = try transaction.removeRecord(for: key) }
                done = min(keys.count, start + Self.writeChunk)
                report(Double(done) / Double(total) * Self.preparedShare)
            }
            // Each batch in one merge: its changed field keys then stay grouped by record
            // (`TransactionOverlay.noteChanged`), where chunk by chunk they went into one set,
            // 500,000 field keys hashed for 100,000 records, two thirds of the staging.
            for batch in batches {
                try Task.checkCancellation()
                try transaction.mergeWithoutAnswer(records: RecordSet(records: batch))
                done += batch.count
                report(Double(done) / Double(total) * Self.preparedShare)
            }
            try Task.checkCancellation()
            writeLog?.expect(merging: batches.flatMap { $0 }, committedAs: origin)
        }
    }
}

/// A delete by pattern and its undo as rows (`CacheStore.removeRows`, `restoreRows`), over a
/// cache that writes rows as bytes: the delete is one statement that reads each row as it
/// deletes it, the undo writes each row back as it was, and the write log is handed the rows.
///
/// Why: reading 100,000 rows by key, decoding them, deleting them by key, then logging their
/// deltas under the write lock was 4-5x of a raw `DELETE`; the undo, staging and merging the
/// decoded records and encoding them again, 5-7x of a raw `INSERT`.
extension StoreBackend {
    /// The delete as rows, or nil when the cache cannot (the caller deletes record by record).
    func removeRows(matching pattern: String, expecting count: Int, report: (Double) -> Void) throws -> LongWorkOutcome? {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        guard store.writesStoredRows else { return nil }
        let origin = newOrigin("delete")
        guard let removed = try store.removeRows(matching: pattern, expecting: count, origin: origin, progress: { done in
            try Task.checkCancellation()
            report(min(1, Double(done) / Double(max(1, count))))
        }) else { return nil }
        let broken = Self.brokenRowCount(removed.rows)
        forgetBrokenRows(matching: pattern)
        return .removedRows(removed.rows, brokenRows: broken, origin: origin)
    }

    /// How many of `rows` are not records (decoding fails, or the record is NULL): the text
    /// check vouches for most rows without decoding them, on every core.
    static func brokenRowCount(_ rows: StoredRows) -> Int {
        ParallelMap.map(rows.count, sharedFrom: StoredRowDecoding.sharedFrom) { index in
            let vouched = rows.withRow(index) { _, record in record.map { RecordTextCheck.check($0) != nil } ?? false }
            return !vouched && rows.fields(at: index) == nil
        }.reduce(0) { $0 + ($1 == true ? 1 : 0) }
    }

    /// The undo of a delete kept as rows: the rows written back where no row stands while
    /// another thread finds each row's field names (for the change the watches hear; a record
    /// merged over a row written since is decoded, and the log decodes the rows on its own
    /// thread). With a refetch's writes to take back too, the records are decoded and merged
    /// as a restore merges them (broken rows cannot go back that way: they are left out).
    ///
    /// Why the names beside the writing, and only the names: decoding 100,000 rows first took
    /// 150-250 ms before the first row was written, and decoding them beside the writing still
    /// took the core that SQLite's writing and the log share; naming their fields takes a
    /// sixth of that.
    func restoreRows(_ rows: StoredRows, removing keys: [CacheKey], writing batches: [[Record]],
                     report: (Double) -> Void) throws {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        let origin = newOrigin("undo", refetches: true)
        guard keys.isEmpty, batches.allSatisfy(\.isEmpty), store.writesStoredRows else {
            let records = (0..<rows.count).compactMap { index in rows.fields(at: index).map { Record(key: rows.keys[index], $0) } }
            try restoreInChunks(removing: keys, writing: batches + [records], origin: origin, report: report)
            return
        }
        let naming = WorkAhead { (0..<rows.count).map { rows.fieldNames(at: $0) } }
        do {
            _ = try store.restoreRows(rows, fieldNames: { naming.value }, origin: origin, progress: { done in
                try Task.checkCancellation()
                report(Self.preparedShare * Double(done) / Double(max(1, rows.count)))
            })
        } catch {
            // A scan meanwhile may have seen the rows written before it was cancelled.
            brokenRowsEdited()
            throw error
        }
        // Broken rows went back too: the status bar's count of them is found again (a scan
        // that ran meanwhile saw only some of them).
        brokenRowsEdited()
        if naming.value.contains(where: { $0 == nil }) { scanBrokenRows(waiting: false) }
    }
}
