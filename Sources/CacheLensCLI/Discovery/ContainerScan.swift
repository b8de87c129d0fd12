import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// Finds the Apollo caches among the files of one folder (an app's container): every
/// non-empty SQLite file that `CacheFileProbe` recognises. Journals (`-wal`, `-shm`,
/// `-journal`) are part of their database, never caches of their own.
enum ContainerScan {
    /// The 16 bytes every SQLite database file starts with.
    private static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)
    private static let journalSuffixes = ["-wal", "-shm", "-journal"]

    /// A cache found in a folder: its path, path relative to the folder, and probe.
    struct Hit {
        var path: String
        var relativePath: String
        var probe: CacheFileProbe
        var bytes: Int
        var modified: Date
    }

    /// Every Apollo cache under `folder`, in path order.
    static func caches(under folder: String) -> [Hit] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var hits: [Hit] = []
        while let relative = walker.nextObject() as? String {
            let path = folder + "/" + relative
            if let hit = hit(at: path, relativePath: relative) { hits.append(hit) }
        }
        return hits.sorted { $0.path < $1.path }
    }

    /// The cache at `path`, if the file is one.
    static func hit(at path: String, relativePath: String) -> Hit? {
        // Only regular files are read: a FIFO or device in a container must not block the search.
        guard !journalSuffixes.contains(where: path.hasSuffix), FileKind(path: path) == .regular, isSQLite(path),
              let probe = CacheFileProbe.probe(path: path) else { return nil }
        return Hit(path: path, relativePath: relativePath, probe: probe, bytes: bytes(of: path),
                   modified: modified(path))
    }

    /// Whether the file starts with SQLite's header (0-byte files and other files do not).
    static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: sqliteHeader.count)) ?? Data()
        return Array(head) == sqliteHeader
    }

    /// The file's size with its write-ahead log.
    static func bytes(of path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
    }

    /// When the database or its write-ahead log last changed, whichever is later.
    static func modified(_ path: String) -> Date {
        [path, path + "-wal"].compactMap { file in
            (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
        }.max() ?? .distantPast
    }
}
