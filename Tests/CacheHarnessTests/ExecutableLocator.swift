import Foundation

/// Finds the `cachelens` binary built beside the test bundle, so tests drive the real program.
enum ExecutableLocator {
    static var cachelens: URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("cachelens")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "cachelens")
    }

    /// Runs `cachelens` with `arguments`, feeding `input` on stdin; returns stdout lines and status.
    static func run(_ arguments: [String], input: String) throws -> (lines: [String], status: Int32) {
        let process = Process()
        process.executableURL = cachelens
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return (text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init), process.terminationStatus)
    }
}
