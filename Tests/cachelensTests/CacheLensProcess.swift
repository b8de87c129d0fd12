import CacheTestSupport
import Foundation

/// The `cachelens` binary built beside the test bundle, run as a child process, so tests drive
/// the real program (pipes, exit status, signals).
enum CacheLensProcess {
    /// The built `cachelens` executable.
    static var executable: URL {
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

    /// Runs `cachelens arguments` with `input` on stdin to completion (stderr must stay small:
    /// it is read after stdout).
    static func run(_ arguments: [String], input: String = "", executable: URL? = nil) throws -> (stdout: String, stderr: String, status: Int32) {
        let stdout = Pipe()
        let (process, stderr) = try launch(arguments, input: input, executable: executable, output: stdout)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), process.terminationStatus)
    }

    /// Runs `cachelens arguments` with standard output going to `output` (a file such as
    /// `/dev/full`, or a pipe whose reader has gone) and `input` on standard input; the exit
    /// status and what it wrote on standard error.
    static func run(_ arguments: [String], input: String = "", output: FileHandle) throws -> (stderr: String, status: Int32) {
        let (process, stderr) = try launch(arguments, input: input, executable: nil, output: output)
        let err = stderr.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: err, as: UTF8.self), process.terminationStatus)
    }

    /// Starts the process with `input` on stdin (from a file, so no writer thread is needed),
    /// `output` (a `Pipe` or `FileHandle`) as stdout and a pipe for stderr.
    private static func launch(_ arguments: [String], input: String, executable: URL?, output: Any) throws
        -> (process: Process, stderr: FileHandle) {
        let directory = try TemporaryDirectory()
        let inputPath = directory.path("stdin")
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let process = Process()
        process.executableURL = executable ?? Self.executable
        process.arguments = arguments
        let stderr = Pipe()
        process.standardInput = FileHandle(forReadingAtPath: inputPath)
        process.standardOutput = output
        process.standardError = stderr
        try process.run()
        return (process, stderr.fileHandleForReading)
    }

    /// Starts `cachelens arguments` reading stdin from the file at `inputPath`; stdout is a pipe
    /// the caller reads (`readLines`).
    static func start(_ arguments: [String], inputPath: String) throws -> (process: Process, stdout: FileHandle) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdout = Pipe()
        process.standardInput = FileHandle(forReadingAtPath: inputPath)
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, stdout.fileHandleForReading)
    }

    /// Starts `cachelens arguments` reading stdin from `inputPath` and writing stdout to
    /// `outputPath`, so a long-running child never blocks on a full pipe.
    static func start(_ arguments: [String], inputPath: String, outputPath: String) throws -> Process {
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle(forReadingAtPath: inputPath)
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Reads from `handle` until `count` lines have arrived or the stream ends; returns the lines.
    static func readLines(_ handle: FileHandle, count: Int) -> [String] {
        var buffer = Data()
        while buffer.count(where: { $0 == UInt8(ascii: "\n") }) < count {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
