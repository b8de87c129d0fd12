import GraphQLCache

/// Reads records inside a read transaction, so a read sees one committed state.
struct TransactionRecords: RecordSource {
    let transaction: ReadTransaction

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try transaction.loadRecords(forKeys: keys)
    }
}
