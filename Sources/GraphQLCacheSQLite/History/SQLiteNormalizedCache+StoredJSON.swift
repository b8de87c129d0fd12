import GraphQLCache

extension SQLiteNormalizedCache {
    /// The record JSON of `keys` exactly as stored (keys with no row left out): the explorer's
    /// write log reads the rows a commit touches before and after it, and hashes these bytes
    /// into the same digests `cachelens record` writes. Not remembered for external changes.
    ///
    /// Read `heldChunkSize` keys per hold of the connection, as loads are: a commit of 100,000
    /// records read them all in one hold, and a key pressed meanwhile waited for all of it
    /// (2,048 keys a hold still took 15–19 ms, three of them in one key press).
    package func storedJSON(forKeys keys: Set<CacheKey>) throws -> [CacheKey: [UInt8]] {
        guard !keys.isEmpty else { return [:] }
        let all = Array(keys)
        var rows = [CacheKey: [UInt8]](minimumCapacity: keys.count)
        for start in stride(from: 0, to: all.count, by: Self.heldChunkSize) {
            let chunk = Array(all[start..<min(start + Self.heldChunkSize, all.count)])
            let part = try withConnection { state in
                var part = [CacheKey: [UInt8]](minimumCapacity: chunk.count)
                try SQLiteRows.select(keys: chunk, on: state.connection) { key, bytes in part[key] = Array(bytes) }
                return part
            }
            rows.merge(part) { first, _ in first }
        }
        return rows
    }
}
