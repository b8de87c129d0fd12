import CacheTestSupport
import Foundation
import Synchronization

/// The `cachelens` binary built beside the test bundle, run as a child process, so tests drive
/// the real program (pipes, exit status, signals).
enum CacheLensProcess {
    /// The built `cachelens` executable.
    static var executable: URL { built("cachelens") }

    /// The built `cachelens-bench` executable (the benchmarks and the explorer probes).
    static var bench: URL { built("cachelens-bench") }

    /// The executable `name` built beside the test bundle.
    private static func built(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: name)
    }

    /// How long one run may take before it is stopped and reported: a child that never exits
    /// (or a pipe whose write end another child inherited) fails its test by name instead of
    /// hanging the whole run.
    static let runLimit: DispatchTimeInterval = .seconds(180)

    /// A run that passed `runLimit`; names the command.
    struct RunTimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "cachelens \(arguments.joined(separator: " ")) did not finish within the test's limit" }
    }

    /// Runs `cachelens arguments` with `input` on stdin to completion; stdout and stderr are read
    /// at the same time, so neither can fill up and stall the child.
    /// `directory`, when given, is the child's current directory.
    static func run(_ arguments: [String], input: String = "", executable: URL? = nil, directory: String? = nil) throws
        -> (stdout: String, stderr: String, status: Int32) {
        let stdout = Pipe()
        let (process, stderr) = try launch(arguments, input: input, executable: executable, output: stdout, directory: directory)
        let streams = try drain([stdout.fileHandleForReading, stderr], of: process, arguments: arguments)
        return (String(decoding: streams[0], as: UTF8.self), String(decoding: streams[1], as: UTF8.self), process.terminationStatus)
    }

    /// Runs `cachelens arguments` with standard output going to `output` (a file such as
    /// `/dev/full`, or a pipe whose reader has gone) and `input` on standard input; the exit
    /// status and what it wrote on standard error.
    static func run(_ arguments: [String], input: String = "", output: FileHandle) throws -> (stderr: String, status: Int32) {
        let (process, stderr) = try launch(arguments, input: input, executable: nil, output: output)
        let streams = try drain([stderr], of: process, arguments: arguments)
        return (String(decoding: streams[0], as: UTF8.self), process.terminationStatus)
    }

    /// Reads every handle to its end on its own thread and waits for the process, within
    /// `runLimit`; past it the process is killed and the run throws `RunTimedOut`.
    private static func drain(_ handles: [FileHandle], of process: Process, arguments: [String]) throws -> [Data] {
        let group = DispatchGroup()
        let results = Mutex([Data](repeating: Data(), count: handles.count))
        for (index, handle) in handles.enumerated() {
            DispatchQueue.global().async(group: group) {
                let data = handle.readDataToEndOfFile()
                results.withLock { $0[index] = data }
            }
        }
        guard group.wait(timeout: .now() + runLimit) == .success else {
            kill(process.processIdentifier, SIGKILL)
            throw RunTimedOut(arguments: arguments)
        }
        process.waitUntilExit()
        return results.withLock { $0 }
    }

    /// Starts the process with `input` on stdin (from a file, so no writer thread is needed),
    /// `output` (a `Pipe` or `FileHandle`) as stdout and a pipe for stderr.
    private static func launch(_ arguments: [String], input: String, executable: URL?, output: Any, directory workingDirectory: String? = nil) throws
        -> (process: Process, stderr: FileHandle) {
        let directory = try TemporaryDirectory()
        let inputPath = directory.path("stdin")
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let process = Process()
        process.executableURL = executable ?? Self.executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
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
