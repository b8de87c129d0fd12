import Foundation
import Testing

/// The explorer in a real terminal whose `TERM` it cannot use: one line naming the problem and
/// status 2, never ncurses' "Error opening terminal" (status 1) or a screen drawn on one line.
@Suite(.serialized) struct TerminalTypeTmuxTests {
    /// Runs the sample explorer under `term` in tmux and returns what it printed and its status
    /// (the shell prints `status=N` and waits, so the pane stays to be read).
    private func run(term: String?) throws -> String {
        let setTerm = term.map { "TERM='\($0)'" } ?? "unset TERM;"
        let script = "\(setTerm) \(term == nil ? "" : "export TERM; ")'\(CacheLensProcess.executable.path)' '\(PackageFiles.sample("sample-cache.json"))'; echo status=$?; read line"
        let session = try TmuxSession(command: ["sh", "-c", script], size: (120, 20))
        defer { session.shutDown() }
        return try session.waitFor("status=")
    }

    @Test(arguments: ["dumb", "nosuch-terminal-9"])
    func anUnusableTermIsOneLineAndStatusTwo(term: String) throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let screen = try run(term: term)
        #expect(screen.contains("status=2"), "\(screen)")
        #expect(screen.contains("cachelens: explore cannot run here: TERM=\(term) "), "\(screen)")
        #expect(!screen.contains("Error opening terminal"))
        #expect(screen.split(separator: "\n").filter { $0.hasPrefix("cachelens:") }.count == 1)
    }

    @Test func noTermIsOneLineAndStatusTwo() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let screen = try run(term: nil)
        #expect(screen.contains("status=2"), "\(screen)")
        #expect(screen.contains("cachelens: explore cannot run here: TERM is not set"), "\(screen)")
    }
}
