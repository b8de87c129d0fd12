import Foundation

/// The operating system's words for a failed file operation, without Foundation's preamble.
enum SystemReason {
    /// The underlying POSIX reason of a Foundation file error, else its description.
    static func of(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file or directory"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on device"
            default: break
            }
        }
        return nsError.localizedDescription
    }

    /// The reason for the current `errno`.
    static var current: String { String(cString: strerror(errno)) }
}
