import GraphQLCache

/// The write log over the store: every committed change, whoever made it, is recorded with the
/// name of its writer (`edit`, `fetch HeroFriends`, `external`).
extension StoreBackend: HistoryHosting {
    /// A log over `store` (whatever its size: the log keeps no copy of the cache), witnessing
    /// its commits and hearing other processes' changes, each named as its writer is.
    static func makeWriteLog(store: CacheStore, browsing: any BrowsableNormalizedCache, rows: WriteLog.Rows?,
                             origins: OriginNames) -> (WriteLog, CacheSubscription) {
        let log = WriteLog(rows: rows ?? .encoding(browsing), names: { origins.logName($0) },
                           holdingCommits: { body in try store.withinReadWriteTransaction { _ in try body() } })
        store.setCommitWitness(log)
        let subscription = store.subscribe { [weak log] change in log?.heard(change) }
        return (log, subscription)
    }

    package func rewind(removing keys: [CacheKey], writing records: [Record], named name: String) throws {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        try store.withinReadWriteTransaction(origin: newOrigin(name)) { transaction in
            for key in keys { _ = try transaction.removeRecord(for: key) }
            if !records.isEmpty { try transaction.merge(records: RecordSet(records: records)) }
        }
    }
}
