import Foundation
import GraphQLCache

/// Reading the files a command is given (snapshots, schemas, documents, key maps, themes,
/// watches): one way, with errors that name the file and what it was for.
enum InputFile {
    /// The bytes of the file at `path`; `role` says what it is for ("snapshot", "--schema").
    static func read(_ path: String, role: String) throws(CommandError) -> [UInt8] {
        // Opening a FIFO to read blocks until something writes to it: refused before opening.
        if let refusal = FileKind.refusal(forPath: path) { throw .unreadable(path: path, role: role, reason: refusal) }
        do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
            if !FileManager.default.fileExists(atPath: path) { throw .noSuchFile(path: path, role: role) }
            throw .unreadable(path: path, role: role, reason: SystemReason.of(error))
        }
    }

    /// The text of the file at `path` (UTF-8).
    static func readText(_ path: String, role: String) throws(CommandError) -> String {
        let bytes = try read(path, role: role)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(path: path, role: role, reason: "not UTF-8 text")
        }
        return text
    }
}
