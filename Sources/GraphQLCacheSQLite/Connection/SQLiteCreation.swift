import Foundation
import GraphQLCache

/// Making a new cache file so that no other process ever sees it half made.
///
/// Why: two programs started together on a missing path (two harnesses with `--create`) both
/// created it in place; the second then met a 0-byte file, a database without tables, or the
/// first one's lock while it switched to WAL, and failed at once. The new file is set up whole
/// under a private name beside the path and then hard-linked to the path, which fails when
/// the path exists: whoever links first made the cache, the others open it.
enum SQLiteCreation {
    /// Creates a cache file at `path` if nothing is there; does nothing when something is (made
    /// meanwhile by another process, or there all along).
    static func createIfMissing(_ path: String, options: SQLiteNormalizedCache.Options) throws {
        guard FileKind(path: path) == .missing else { return }
        let scratch = path + ".creating-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(scratch) }
        do {
            let connection = try SQLiteConnection(path: scratch, readOnly: false, create: true,
                                                  busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
            try connection.exec("PRAGMA journal_mode=WAL", context: "enabling WAL journaling")
            try connection.exec(SQLiteRows.createTable, context: "creating table \"records\"")
        } catch {
            // A folder where no scratch file can be made: the file is created in place as before.
            return
        }
        // Closed (the connection is gone): its -wal and -shm are gone with it.
        if link(scratch, path) != 0, errno != EEXIST {
            // A file system without hard links: rename, unless the path appeared meanwhile.
            if FileKind(path: path) == .missing { _ = rename(scratch, path) }
        }
    }
}
