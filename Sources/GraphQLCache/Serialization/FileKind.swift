#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What kind of thing a path names, so commands can refuse a FIFO, a device or a directory
/// before opening it (opening a FIFO to read blocks until someone writes to it; writing over a
/// device or a FIFO is never what a snapshot or a cache file means).
public enum FileKind: Sendable, Equatable {
    case missing
    case regular
    case directory
    case fifo
    case device
    case socket
    case other

    /// The kind of `path`, following symbolic links.
    public init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { self = .missing; return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR, S_IFBLK: self = .device
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// "a FIFO (named pipe)", "a directory", … for messages; nil for a regular or missing file.
    public var refusal: String? {
        switch self {
        case .missing, .regular: return nil
        case .directory: return "it is a directory"
        case .fifo: return "it is a FIFO (named pipe), not a regular file"
        case .device: return "it is a device, not a regular file"
        case .socket: return "it is a socket, not a regular file"
        case .other: return "it is not a regular file"
        }
    }

    /// The refusal for `path` when it exists and is not a regular file.
    public static func refusal(forPath path: String) -> String? { FileKind(path: path).refusal }
}
