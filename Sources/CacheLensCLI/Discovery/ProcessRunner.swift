import Foundation

/// Runs a helper program (`adb`) and collects what it writes: discovery's only way to reach an
/// Android device. Standard input is closed so a program waiting for input ends at once.
enum ProcessRunner {
    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: String
        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// The executable `name` names: itself when it holds a `/`, else the first match on `PATH`.
    static func locate(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments` and waits for it; throws when it cannot be started.
    static func run(_ executable: String, _ arguments: [String]) throws(CommandError) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw .discovery(message: "cannot run \(executable): \(error.localizedDescription)")
        }
        // Both pipes are drained while the program runs, so a large file cannot block it.
        let errorReader = PipeReader(errors)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: data, standardError: errorReader.wait())
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
