#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way `cachelens` commands write to standard output and standard error: unbuffered,
/// whole, and checked. A failed write to standard output (a closed pipe, a full disk) throws,
/// so the command exits non-zero with a message on standard error instead of reporting a
/// truncated backup as success. (`CacheLensCommand.main` ignores SIGPIPE so that a closed pipe
/// is an error here rather than a silent death.)
package enum StandardOutput {
    /// Writes `bytes` to standard output.
    package static func write(_ bytes: [UInt8]) throws(CommandError) {
        if let reason = writeAll(bytes, to: 1) { throw .cannotWrite(target: "standard output", reason: reason) }
    }

    /// Writes `text` to standard output.
    package static func write(_ text: String) throws(CommandError) { try write(Array(text.utf8)) }

    /// Writes `lines`, each followed by a newline, to standard output.
    package static func print(_ lines: String...) throws(CommandError) {
        try write(lines.map { $0 + "\n" }.joined())
    }

    /// Writes `text` to standard error; a failure there has nowhere to be reported, so it is
    /// dropped.
    package static func error(_ text: String) { _ = writeAll(Array(text.utf8), to: 2) }

    /// Writes every byte, retrying after interrupts; nil when done, else the system's reason.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return written < 0 ? String(cString: strerror(errno)) : "nothing was written" }
            offset += written
        }
        return nil
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, pointer, count)
        #else
        Darwin.write(descriptor, pointer, count)
        #endif
    }
}
