#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written safely: the bytes go to a new temporary file beside the target, created
/// exclusively (`O_CREAT|O_EXCL|O_NOFOLLOW`, so a symlink planted at its name is never followed),
/// and renamed over the target only when complete, so the target holds either its old content
/// or the whole new one.
///
/// The target must be absent or a regular file: a FIFO, a device, a directory or a socket is
/// refused (before anything is opened, so a FIFO cannot block), and a symbolic link is followed
/// to the file it names, which must be regular too (the link stays a link). An existing target
/// keeps its permission bits; a new one gets `0666` less the umask, as any new file.
package final class AtomicFileWriter {
    /// The path as given.
    public let path: String
    /// The file that will be replaced: `path` with symbolic links resolved.
    public let target: String
    private let temporary: String
    private var descriptor: Int32

    /// Creates the temporary file for `path`; throws when the target is not a regular file or
    /// the temporary file cannot be created.
    public init(path: String) throws(GraphQLCacheError) {
        self.path = path
        let target = try Self.resolvedTarget(path)
        let mode = try Self.existingMode(target, path: path)
        let directory = Self.directory(of: target)
        let name = String(target.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        var attempt = 0
        while true {
            let candidate = directory + "/." + name + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode ?? 0o666)
            if fd >= 0 {
                if let mode { _ = fchmod(fd, mode) }
                self.target = target
                self.temporary = candidate
                self.descriptor = fd
                return
            }
            attempt += 1
            guard errno == EEXIST, attempt < 16 else { throw GraphQLCacheError.fileNotWritten(path: path, reason: Self.lastError()) }
        }
    }

    deinit { discard() }

    /// Appends `bytes` to the temporary file.
    public func write(_ bytes: [UInt8]) throws(GraphQLCacheError) {
        guard descriptor >= 0 else { throw GraphQLCacheError.fileNotWritten(path: path, reason: "the file is already closed") }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw GraphQLCacheError.fileNotWritten(path: path, reason: Self.lastError())
            }
            offset += written
        }
    }

    /// Flushes the temporary file to disk and renames it over the target.
    public func commit() throws(GraphQLCacheError) {
        guard descriptor >= 0 else { throw GraphQLCacheError.fileNotWritten(path: path, reason: "the file is already closed") }
        let fd = descriptor
        descriptor = -1
        if fsync(fd) != 0 || close(fd) != 0 {
            let reason = Self.lastError()
            unlink(temporary)
            throw GraphQLCacheError.fileNotWritten(path: path, reason: reason)
        }
        if rename(temporary, target) != 0 {
            let reason = Self.lastError()
            unlink(temporary)
            throw GraphQLCacheError.fileNotWritten(path: path, reason: reason)
        }
    }

    /// Removes the temporary file; the target is left as it was. Called on deinit too.
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }

    /// Writes `bytes` to `path` whole, or leaves `path` alone.
    public static func write(_ bytes: [UInt8], to path: String) throws(GraphQLCacheError) {
        let file = try AtomicFileWriter(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// `path` with symbolic links resolved (the final one too, when it names something).
    private static func resolvedTarget(_ path: String) throws(GraphQLCacheError) -> String {
        guard !path.isEmpty else { throw GraphQLCacheError.fileNotWritten(path: path, reason: "no file name given") }
        var info = stat()
        guard lstat(path, &info) == 0 else { return path }
        guard info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            throw GraphQLCacheError.fileNotWritten(path: path, reason: "it is a symbolic link to a missing or unreachable file")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The permission bits of an existing regular target; nil when it does not exist.
    private static func existingMode(_ target: String, path: String) throws(GraphQLCacheError) -> mode_t? {
        if let refusal = FileKind.refusal(forPath: target) {
            throw GraphQLCacheError.fileNotWritten(path: path, reason: refusal + "; give a regular file to write")
        }
        var info = stat()
        guard stat(target, &info) == 0 else {
            guard errno == ENOENT else { throw GraphQLCacheError.fileNotWritten(path: path, reason: lastError()) }
            return nil
        }
        return info.st_mode & 0o7777
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// `write(2)` under a name that does not clash with `AtomicFileWriter.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
