import Foundation

/// Another process (`sqlite3`) holding a SQLite file's exclusive lock (`BEGIN EXCLUSIVE`) until
/// `release()`: the app that writes the file the explorer shows, caught mid-transaction.
final class LockHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Starts `sqlite3 path` and returns once it holds the lock.
    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // `.timeout`: the explorer may be reading at this moment (its poll); without it the
        // BEGIN would fail at once and nothing would be held.
        input.fileHandleForWriting.write(Data(".timeout 10000\nBEGIN EXCLUSIVE;\nSELECT 'held';\n".utf8))
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("held") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
    }

    /// Ends the transaction and the process (the lock is gone when this returns).
    func release() {
        guard process.isRunning else { return }
        input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit { release() }
}
