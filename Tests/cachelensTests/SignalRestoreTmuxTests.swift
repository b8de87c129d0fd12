import CacheTestSupport
import Foundation
import Testing

/// Issue 25, finding 17: the explorer ended by SIGHUP or SIGQUIT gives the terminal back as
/// SIGTERM and SIGINT do: no alternate screen, no mouse tracking, no keypad mode, the cursor
/// shown. The explorer runs under a shell in tmux; tmux's pane flags say what it left behind.
@Suite(.serialized) struct SignalRestoreTmuxTests {
    @Test(arguments: [("HUP", SIGHUP), ("QUIT", SIGQUIT), ("TERM", SIGTERM)])
    func theTerminalIsRestoredWhenTheExplorerIsKilledBy(name: String, number: Int32) throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Signal:1", #"{"x":1}"#)])
        let explore = [CacheLensProcess.executable.path, "explore", path].map { "'\($0)'" }.joined(separator: " ")
        let session = try TmuxSession(command: ["sh", "-c", "\(explore); echo EXITED-$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; sleep 60"], size: (width: 80, height: 24))
        defer { session.shutDown() }
        try session.waitFor("Signal:1")
        let shell = try session.tmux(["display-message", "-p", "-t", session.name, "#{pane_pid}"], output: true)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let child = try TmuxSession.run(["pgrep", "-P", shell], output: true).trimmingCharacters(in: .whitespacesAndNewlines)
        let pid = try #require(Int32(child.split(separator: "\n").first ?? ""), "no explorer under shell \(shell)")
        #expect(kill(pid, number) == 0)
        let screen = try session.waitFor("EXITED-", timeout: .seconds(60))
        try session.waitUntil("the terminal modes") { $0.contains("icanon") }
        #expect(try session.screen().contains("icanon echo"), "after SIG\(name): \(screen)")
        let flags = try session.tmux(["display-message", "-p", "-t", session.name,
                                      "alt=#{alternate_on} mouse=#{mouse_any_flag} keypad=#{keypad_cursor_flag} cursor=#{cursor_flag}"],
                                     output: true).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(flags == "alt=0 mouse=0 keypad=0 cursor=1", "after SIG\(name): \(flags)")
    }
}
