import GraphQLCache

extension SQLiteNormalizedCache {
    /// The record JSON of `keys` exactly as stored (keys with no row left out): the explorer's
    /// write log reads the rows a commit touches before and after it, and hashes these bytes
    /// into the same digests `cachelens record` writes. Not remembered for external changes.
    package func storedJSON(forKeys keys: Set<CacheKey>) throws -> [CacheKey: [UInt8]] {
        guard !keys.isEmpty else { return [:] }
        return try withConnection { state in
            var rows = [CacheKey: [UInt8]](minimumCapacity: keys.count)
            try SQLiteRows.select(keys: Array(keys), on: state.connection) { key, bytes in rows[key] = Array(bytes) }
            return rows
        }
    }
}
