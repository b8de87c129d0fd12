import Foundation

/// Reading input files and writing output files for the commands, with errors that name the
/// file. Output goes through a temporary file beside the target, renamed into place only when
/// complete, so a failed export never leaves half a snapshot behind.
enum FileAccess {
    /// The bytes of the file at `path`; `role` says what it is for ("snapshot", "--schema").
    static func read(_ path: String, role: String) throws -> [UInt8] {
        do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            throw CommandError("cannot read \(role) \(path): \(reason(error))")
        }
    }

    /// The text of the file at `path` (UTF-8).
    static func readText(_ path: String, role: String) throws -> String {
        let bytes = try read(path, role: role)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandError("cannot read \(role) \(path): not UTF-8 text")
        }
        return text
    }

    /// Calls `body` with a sink that appends to a temporary file, then renames it to `path`;
    /// if `body` or a write throws, the temporary file is removed and `path` is left alone.
    static func writeAtomically<T>(
        to path: String, _ body: (_ sink: @escaping ([UInt8]) throws(CommandError) -> Void) throws -> T
    ) throws -> T {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
        let handle: FileHandle
        do {
            try Data().write(to: temporary)
            handle = try FileHandle(forWritingTo: temporary)
        } catch {
            throw CommandError("cannot write \(path): \(reason(error))")
        }
        var closed = false
        defer {
            if !closed { try? handle.close() }
            try? FileManager.default.removeItem(at: temporary)
        }
        let value = try body { bytes throws(CommandError) in
            do { try handle.write(contentsOf: Data(bytes)) } catch {
                throw CommandError("cannot write \(path): \(reason(error))")
            }
        }
        closed = true
        do { try handle.close() } catch { throw CommandError("cannot write \(path): \(reason(error))") }
        guard rename(temporary.path, target.path) == 0 else {
            throw CommandError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return value
    }

    /// The underlying system reason of a Foundation file error, without Foundation's preamble.
    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return nsError.localizedDescription
    }
}
