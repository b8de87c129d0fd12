import GraphQLCache

/// Writing an output file (`export OUT`, the explorer's `:export`) with `AtomicFileWriter`: a
/// temporary file created exclusively beside the target (no symlink followed), renamed into
/// place only when complete, so a failed write never leaves half a snapshot behind; a FIFO, a
/// device or a directory is refused before anything is written; an existing file keeps its
/// permissions.
enum OutputFile {
    /// Calls `body` with a sink that appends to the temporary file, then renames it to `path`;
    /// if `body` or a write throws, the temporary file is removed and `path` is left alone.
    static func writeAtomically<T>(
        to path: String, _ body: (_ sink: @escaping ([UInt8]) throws(CommandError) -> Void) throws -> T
    ) throws -> T {
        let file: AtomicFileWriter
        do { file = try AtomicFileWriter(path: path) } catch { throw CommandError.cannotWrite(target: path, reason: reason(error)) }
        defer { file.discard() }
        let value = try body { bytes throws(CommandError) in
            do throws(GraphQLCacheError) { try file.write(bytes) } catch { throw .cannotWrite(target: path, reason: reason(error)) }
        }
        do { try file.commit() } catch { throw CommandError.cannotWrite(target: path, reason: reason(error)) }
        return value
    }

    private static func reason(_ error: GraphQLCacheError) -> String {
        if case .fileNotWritten(_, let reason) = error { return reason }
        return error.description
    }

    /// Writes `bytes` whole to `path` the same way.
    static func write(_ path: String, _ bytes: [UInt8]) throws {
        try writeAtomically(to: path) { sink in try sink(bytes) }
    }
}
