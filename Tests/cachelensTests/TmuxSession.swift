import Foundation
import Testing

/// A detached tmux session running a command, driven with `send-keys` and read with
/// `capture-pane`; every wait polls for expected text with a deadline instead of sleeping.
final class TmuxSession {
    let name: String
    /// The socket of this session's private tmux server.
    let socket: String

    /// Where the program's crash report goes, if it crashes (the Swift runtime's backtracer):
    /// a failed wait quotes it whole, where the screen showed only the report's last lines.
    let crashReports: String

    init(command: [String], size: (width: Int, height: Int), environment: [String: String] = [:]) throws {
        name = "cachelens-e2e"
        socket = "/tmp/cachelens-tmux-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).sock"
        crashReports = socket + ".crashes"
        mkdir(crashReports, 0o700)
        var environment = environment
        environment["SWIFT_BACKTRACE"] = environment["SWIFT_BACKTRACE"] ?? "enable=yes,interactive=no,output-to=\(crashReports)"
        let exports = environment.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let line = (exports.isEmpty ? "" : "env \(exports) ") + command.map(Self.quote).joined(separator: " ")
        try tmux(["new-session", "-d", "-s", name, "-x", "\(size.width)", "-y", "\(size.height)", line])
    }

    deinit { shutDown() }

    /// Ends the session and its private server (whatever the program was doing).
    func shutDown() {
        _ = try? tmux(["kill-server"])
        unlink(socket)
        try? FileManager.default.removeItem(atPath: crashReports)
    }

    /// The crash reports the program left, each whole; empty when it did not crash.
    func crashReportText() -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: crashReports)) ?? []).sorted()
        return names.compactMap { try? String(contentsOfFile: crashReports + "/" + $0, encoding: .utf8) }
            .map { "\nthe program crashed:\n\($0)" }.joined()
    }

    /// Presses named keys (`Enter`, `C-u`, `j`).
    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// Types text literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }

    /// The visible screen.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name], output: true) }

    /// The visible screen with its colours and attributes as SGR escape sequences.
    func styledScreen() throws -> String { try tmux(["capture-pane", "-e", "-p", "-t", name], output: true) }

    /// Pastes `text` as a terminal paste: bracketed (`ESC[200~` … `ESC[201~`) when the program
    /// asked for bracketed paste, as a user's terminal does.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "paste", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "paste", "-t", name])
    }

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
        Issue.record("timed out waiting for \(texts) on screen:\n\(last)\(crashReportText())", sourceLocation: sourceLocation)
        throw TmuxError.timeout
    }

    /// Waits until the screen satisfies `condition`; fails with the last screen if it never does.
    func waitUntil(_ what: String, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation,
                   _ condition: (String) -> Bool) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = (try? screen()) ?? ""
            if condition(last) { return }
            sched_yield()
        }
        Issue.record("timed out waiting for \(what) on screen:\n\(last)\(crashReportText())", sourceLocation: sourceLocation)
        throw TmuxError.timeout
    }

    /// Resizes the session's window (the program gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the session is gone (the program exited).
    func waitForExit(timeout: Duration = .seconds(10)) throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if (try? tmux(["has-session", "-t", name])) == nil { return true }
            sched_yield()
        }
        return false
    }

    enum TmuxError: Error { case timeout, failed(String) }

    static var isAvailable: Bool { (try? run(["tmux", "-V"], output: true)) != nil }

    /// Runs tmux on this session's own server (`-S`), so tests never touch anyone else's.
    @discardableResult
    func tmux(_ arguments: [String], output wanted: Bool = false) throws -> String {
        try Self.run(["tmux", "-S", socket] + arguments, output: wanted)
    }

    /// Spawns and waits for a command (posix_spawn and waitpid: no run loop involved); stdin
    /// and stderr are /dev/null, stdout too unless it is wanted.
    static func run(_ arguments: [String], output wanted: Bool) throws -> String {
        // Close-on-exec, and every other descriptor closed in the child: `new-session` forks
        // a long-lived tmux server, and a server holding the write end of another test's pipe
        // kept that test's read from ever ending (a whole run could hang on it).
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TmuxError.failed("pipe") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        if wanted {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        closeOtherDescriptors(&actions)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The test runner's threads block some signals; the child (and the tmux server, and the
        // explorer it starts) must get SIGWINCH like any terminal program.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        close(fds[1])
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while spawned == 0 {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        close(fds[0])
        guard spawned == 0 else { throw TmuxError.failed("cannot run \(arguments[0])") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TmuxError.failed(arguments.joined(separator: " ")) }
        return String(decoding: data, as: UTF8.self)
    }

    /// `posix_spawn_file_actions_addclosefrom_np(actions, 3)` (glibc 2.34+, which Swift's Glibc
    /// module does not declare): the child keeps only 0, 1 and 2. Without it, every descriptor
    /// in the test process that lacks close-on-exec (Foundation's pipes among them) is passed on.
    private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }

    private static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
