import Foundation
import Testing

/// A detached tmux session running a command, driven with `send-keys` and read with
/// `capture-pane`; every wait polls for expected text with a deadline instead of sleeping.
final class TmuxSession {
    let name: String

    init(command: [String], size: (width: Int, height: Int), environment: [String: String] = [:]) throws {
        name = "cachelens-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let exports = environment.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let line = (exports.isEmpty ? "" : "env \(exports) ") + command.map(Self.quote).joined(separator: " ")
        try Self.tmux(["new-session", "-d", "-s", name, "-x", "\(size.width)", "-y", "\(size.height)", line])
    }

    deinit { _ = try? Self.tmux(["kill-session", "-t", name]) }

    /// Presses named keys (`Enter`, `C-u`, `j`).
    func keys(_ keys: String...) throws { try Self.tmux(["send-keys", "-t", name] + keys) }

    /// Types text literally.
    func type(_ text: String) throws { try Self.tmux(["send-keys", "-t", name, "-l", text]) }

    /// The visible screen.
    func screen() throws -> String { try Self.tmux(["capture-pane", "-p", "-t", name], output: true) }

    /// Waits until the screen contains every one of `texts`; fails with the last screen if not.
    @discardableResult
    func waitFor(_ texts: String..., timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = (try? screen()) ?? ""
            if texts.allSatisfy(last.contains) { return last }
            sched_yield()
        }
        Issue.record("timed out waiting for \(texts) on screen:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxError.timeout
    }

    /// Waits until the session is gone (the program exited).
    func waitForExit(timeout: Duration = .seconds(10)) throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if (try? Self.tmux(["has-session", "-t", name])) == nil { return true }
            sched_yield()
        }
        return false
    }

    enum TmuxError: Error { case timeout, failed(String) }

    static var isAvailable: Bool { (try? tmux(["-V"])) != nil }

    /// Runs tmux. Only commands whose output is wanted get a pipe: a tmux server started by
    /// `new-session` would inherit it and keep it open forever.
    @discardableResult
    static func tmux(_ arguments: [String], output wanted: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let output = Pipe()
        process.standardOutput = wanted ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = wanted ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TmuxError.failed("tmux \(arguments.joined(separator: " "))") }
        return String(decoding: data, as: UTF8.self)
    }

    private static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
