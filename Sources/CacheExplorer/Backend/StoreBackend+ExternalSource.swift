import GraphQLCache

/// Other programs' changes: commits to the SQLite file (`data_version`, through the store), or
/// a rewrite of the snapshot file the data was loaded from (`ExternalRecordSource`), diffed
/// into one `external` change naming what was changed, added and removed.
extension StoreBackend {
    package func pollExternalChanges() -> Bool {
        guard let source = externalSource else { return pollStore() != nil }
        switch source.poll() {
        case .unchanged:
            return false
        case .changed(let records):
            pendingVersion.withLock { $0 = records }
            post(.externalSourceChanged(source.name))
        case .unreadable(let message):
            post(.externalSourceProblem(message))
        }
        return false
    }

    /// Starts a poll of the store's file off the UI thread unless one runs: reading what an app
    /// rewrote (100,000 rows) took the UI thread 1.6 s, and the poll waits for the store's
    /// write lock, which a long read (a console query) holds. What it finds arrives through
    /// `onChange`; commits that touched nothing read arrive as an empty external change, so
    /// the list is read again.
    package func pollExternalChangesInBackground() -> Bool {
        guard externalSource == nil else { return pollExternalChanges() }
        let starts = polling.withLock { running in
            defer { running = true }
            return !running
        }
        guard starts else { return false }
        pollQueue.async { [weak self] in
            guard let self else { return }
            if self.pollStore() == 0 { self.post(.storeDidChange(CacheChange(origin: .external))) }
            self.polling.withLock { $0 = false }
        }
        return false
    }

    package var pollInFlight: Bool { polling.withLock { $0 } }

    /// Polls the store's file without waiting for locks (waiting out another process's lock
    /// froze every key for the busy timeout); a failure (the file replaced by rename) is said
    /// in the status line once. Returns how many records the commits found concerned (nil when
    /// nobody committed).
    private func pollStore() -> Int? {
        do {
            let found = try store.pollExternalChanges(waitingForLocks: false)
            lastPollProblem.withLock { $0 = nil }
            // Commits that touched only records never read deliver no change: the log reads them.
            if found == 0 { writeLog?.resync(origin: "external") }
            return found
        } catch let error as LockContention where error.isLockContention {
            return nil   // the status line says the explorer waits for the lock (`lockWaitElapsed`)
        } catch {
            let message = "\(error)"
            let isNew = lastPollProblem.withLock { last in
                defer { last = message }
                return last != message
            }
            if isNew { post(.externalSourceProblem(message)) }
            return nil
        }
    }

    /// Replaces the records with the waiting version in one transaction (origin `external`):
    /// records it lacks are removed, new and changed ones written (a record that lost fields is
    /// rewritten whole), equal ones left alone, so the change names exactly what differs.
    package func applyExternalVersion() throws {
        guard let new = pendingVersion.withLock({ pending in defer { pending = nil }; return pending }) else { return }
        var old: [CacheKey: Record] = [:]
        try forEachRecord { old[$0.key] = $0 }
        try store.withinReadWriteTransaction(origin: .external) { transaction in
            for key in old.keys where new[key] == nil { _ = try transaction.removeRecord(for: key) }
            var writes: [Record] = []
            for record in new.records {
                guard let before = old[record.key] else { writes.append(record); continue }
                guard before != record else { continue }
                if before.fields.keys.contains(where: { record.fields[$0] == nil }) { _ = try transaction.removeRecord(for: record.key) }
                writes.append(record)
            }
            if !writes.isEmpty { try transaction.merge(records: RecordSet(records: writes)) }
        }
    }
}
