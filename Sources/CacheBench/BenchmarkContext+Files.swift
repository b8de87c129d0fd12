import Foundation

extension BenchmarkContext {
    /// A path in the scratch directory for a new SQLite file: any earlier file of that name (and
    /// its `-wal` and `-shm` companions) is deleted first, so every run starts from nothing.
    public func freshFile(_ name: String) -> String {
        let path = (scratchDirectory as NSString).appendingPathComponent(name)
        removeFile(path)
        return path
    }

    /// Deletes a SQLite file and its companions (missing files are fine).
    public func removeFile(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
