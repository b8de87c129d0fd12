#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The device and inode a path names: what tells the file a cache opened from another file
/// renamed over its path since.
///
/// Why: an app's "reset cache" or a copy-in writes a new file and renames it over the old one.
/// The open connection keeps the old, now deleted, file: every later merge answered ok and
/// read back fine, and was lost. The cache compares this identity on every write and on the
/// change-poll tick (snapshot files are followed the same way).
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity of what `path` names now; nil when nothing is there.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
