import GraphQLCache

/// The write log over the store: every committed change, whoever made it, is recorded with the
/// name of its writer (`edit`, `fetch HeroFriends`, `external`).
extension StoreBackend: HistoryHosting {
    /// A log over `browsing`, or nil when it holds more than `WriteLog.recordLimit` records.
    static func makeWriteLog(browsing: any BrowsableNormalizedCache, rows: WriteLog.RowsReader?) -> WriteLog? {
        guard let count = try? browsing.keyCount(matching: nil), count <= WriteLog.recordLimit else { return nil }
        return WriteLog(readRows: rows ?? {
            var read: [KeyedRow] = []
            try browsing.forEachRecord { row in
                if case .record(let record) = row { read.append(KeyedRow(key: record.key, content: .json(RecordJSON.encode(record.fields)))) }
            }
            return read
        })
    }

    /// Subscribes the log to `store`'s changes, each named as its writer is.
    static func record(_ store: CacheStore, into log: WriteLog, origins: OriginNames) -> CacheSubscription {
        store.subscribe { [weak log] change in
            log?.record(change, origin: origins.logName(change.origin)) { keys in try store.cache.loadRecords(forKeys: keys) }
        }
    }

    package func rewind(removing keys: [CacheKey], writing records: [Record], named name: String) throws {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        try store.withinReadWriteTransaction(origin: newOrigin(name)) { transaction in
            for key in keys { _ = try transaction.removeRecord(for: key) }
            if !records.isEmpty { try transaction.merge(records: RecordSet(records: records)) }
        }
    }
}
