import CacheKeyIndex
import Dispatch
import GraphQLCache

/// Reading every key into the listing, now or in the background.
///
/// Why in the background: a browser's first frame counts and lists the keys, and reading ten
/// million of them took 2.6 s before anything was drawn. From
/// `KeyListing.backgroundReadThreshold` keys (the file's highest row id) the read runs on a
/// read-only connection of its own; the caller waits for it a moment (`backgroundReadPatience`),
/// then draws and hears how far it got. A caller that needs the keys meanwhile (`keyCount`, a
/// page) waits for that read rather than starting a second one.
extension SQLiteNormalizedCache {
    public func readKeysInBackground(progress: @escaping @Sendable (KeyReadProgress) -> Void) -> KeyReadProgress? {
        // Asked at each reload of the list: with the keys in memory (or a read under way) the
        // answer needs no turn of the connection, which this process's own write may hold.
        switch listing.withLock({ ($0.reading, $0.countInMemory != nil) }) {
        case (let running?, _):
            running.observe(progress)
            return running.progress
        case (nil, true):
            return nil
        case (nil, false):
            break
        }
        let decided: (KeyRead, start: (SQLiteConnection, Int64)?)?? = try? withConnection { state in
            try state.forgetKeysIfChangedElsewhere()
            if let running = state.keys.withLock({ $0.reading }) { return (running, nil) }
            let (listed, threshold) = state.keys.withLock { ($0.countInMemory != nil, $0.backgroundReadThreshold) }
            guard !listed else { return nil }
            let estimate = try Self.estimatedKeyCount(on: state.connection)
            guard estimate >= threshold else { return nil }
            // A reader opened now would open whatever file `path` names.
            guard (try? checkNotReplaced()) != nil, let reader = takeReader() else { return nil }
            let version = try state.connection.dataVersion()
            let read = KeyRead(estimated: estimate)
            state.keys.withLock { $0.reading = read }
            return (read, (reader, version))
        }
        guard let decided, let (read, start) = decided else { return nil }
        read.observe(progress)
        if let (reader, version) = start {
            // Handed over whole: nothing else holds the reader until it returns to the pool.
            let handed = IdleReader(connection: reader)
            DispatchQueue.global(qos: .userInitiated).async { self.readKeys(read, on: handed.connection, at: version) }
            // Listed by then (and installed, unless a write gave the read up): as if read now.
            if read.wait(atMost: listing.withLock { $0.backgroundReadPatience }) { return nil }
        }
        return read.progress
    }

    /// The background read: every key on `reader`, installed in the listing unless the keys
    /// changed meanwhile (`KeyListing.invalidate` gave the read up).
    private func readKeys(_ read: KeyRead, on reader: SQLiteConnection, at version: Int64) {
        defer { read.finish() }
        listing.withLock { $0.backgroundReadHold }?()
        turns.readerSliceBegan()
        let unsorted: SortedKeyIndex
        do {
            defer { turns.readerSliceEnded() }
            unsorted = try Self.readKeys(on: reader, reserving: read.estimated, reporting: read)
            returnReader(reader)
        } catch {
            // Not kept: a later read opens a new reader. The next page or count reads the keys.
            listing.withLock { if $0.reading === read { $0.reading = nil } }
            return
        }
        let pending = listing.withLock { listing -> KeySort? in
            guard listing.reading === read else { return nil }
            listing.reading = nil
            return listing.take(unsorted, readAt: version)
        }
        if let pending { sortInBackground(pending) }
    }

    /// About how many keys the file holds, without counting them: its highest row id, which is
    /// at least the row count unless row ids were set by hand, and no more than a file of N
    /// bytes can hold (N / 16 rows).
    static func estimatedKeyCount(on connection: SQLiteConnection) throws -> Int {
        func number(_ sql: String) throws -> Int {
            try connection.withStatement(sql) { statement in try statement.step() ? Int(statement.int64(0)) : 0 }
        }
        let fileBytes = try number("PRAGMA page_count") * number("PRAGMA page_size")
        return min(try number(#"SELECT max(rowid) FROM "records""#), fileBytes / 16)
    }

    /// Every non-NULL key on `connection`, in the `key` index's order (cheaper to walk than the
    /// table), unsorted; `read`, when given, hears how far it got and can stop it.
    static func readKeys(on connection: SQLiteConnection, reserving estimate: Int, reporting read: KeyRead?) throws -> SortedKeyIndex {
        var index = SortedKeyIndex()
        // Room for a run's keys at once: growing the bytes copied them three times over and cost
        // a fifth of the pass.
        index.reserve(keys: estimate)
        index.sortsRunsInBackground = true
        try connection.withStatement(#"SELECT "key" FROM "records" WHERE "key" IS NOT NULL ORDER BY "key""#) { statement in
            var count = 0
            while try statement.step() && !index.isFull {
                _ = statement.withBytes(0) { index.appendUnsorted($0) }
                count += 1
                guard let read, count & progressInterval == 0 else { continue }
                if read.isCancelled { throw CancellationError() }
                read.advanced(to: count)
            }
            read?.advanced(to: count, isLast: true)
        }
        // The last run sorted now, so that its plain bytes are freed before the merge.
        index.sealRun()
        if index.isFull {
            throw SQLiteError.failure(path: connection.path, code: 0, message: "the keys take more than 4 GiB",
                                      context: "reading the keys to list them")
        }
        return index
    }

    /// Keys between two reports of a background read's progress, less one (about 60 ms).
    private static let progressInterval = (1 << 18) - 1
}
