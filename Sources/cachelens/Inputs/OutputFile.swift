import Foundation

/// Writing an output file (`export OUT`, the explorer's `:export`): through a temporary file
/// beside the target, renamed into place only when complete, so a failed write never leaves
/// half a snapshot behind.
enum OutputFile {
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
            throw CommandError.cannotWrite(target: path, reason: SystemReason.of(error))
        }
        var closed = false
        defer {
            if !closed { try? handle.close() }
            try? FileManager.default.removeItem(at: temporary)
        }
        let value = try body { bytes throws(CommandError) in
            do { try handle.write(contentsOf: Data(bytes)) } catch {
                throw .cannotWrite(target: path, reason: SystemReason.of(error))
            }
        }
        closed = true
        do { try handle.close() } catch { throw CommandError.cannotWrite(target: path, reason: SystemReason.of(error)) }
        guard rename(temporary.path, target.path) == 0 else {
            throw CommandError.cannotWrite(target: path, reason: SystemReason.current)
        }
        return value
    }

    /// Writes `bytes` whole to `path` the same way.
    static func write(_ path: String, _ bytes: [UInt8]) throws {
        try writeAtomically(to: path) { sink in try sink(bytes) }
    }
}
