import GraphQLCache

/// What `dump` and `export` share: every readable record of a cache file (SQLite or snapshot)
/// as a snapshot, keys sorted, with each broken row reported on standard error by key.
enum SnapshotExport {
    /// How many records were written and how many rows could not be read.
    struct Outcome {
        var records: Int
        var broken: Int
    }

    /// Opens the cache at `cachePath` read-only and writes its snapshot to `sink`; broken rows go
    /// to standard error as `cachelens COMMAND: FILE: record "KEY": …`.
    static func write<Failure: Error>(
        cachePath: String, command: String, to sink: @escaping ([UInt8]) throws(Failure) -> Void
    ) throws -> Outcome {
        let cache = try CacheFile.open(cachePath, readOnly: true).cache
        var records: [Record] = []
        var broken = 0
        try cache.forEachRecord { result in
            switch result {
            case .record(let record): records.append(record)
            case .broken(let error):
                broken += 1
                StandardOutput.error(TerminalText.escaped("cachelens \(command): \(cachePath): \(error.description)") + "\n")
            }
        }
        records.sort { $0.key.rawValue < $1.key.rawValue }
        var writer = SnapshotWriter(sink: sink)
        for record in records { try writer.append(record) }
        try writer.finish()
        return Outcome(records: records.count, broken: broken)
    }
}
