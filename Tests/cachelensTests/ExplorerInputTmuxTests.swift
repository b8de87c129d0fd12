import CacheTestSupport
import Foundation
import Testing

/// Line input and hints in a real terminal (tmux): a bracketed paste lands whole, and read-only
/// mode greys out the keys it refuses.
@Suite(.serialized) struct ExplorerInputTmuxTests {
    private func explore(_ arguments: String...) throws -> TmuxSession {
        let command = [CacheLensProcess.executable.path, "explore", "--snapshot", PackageFiles.sample("sample-cache.json")] + arguments
        return try TmuxSession(command: command, size: (100, 24), environment: ["TERM": "xterm-256color"])
    }

    @Test func aPastedMultiLineQueryLandsInTheConsoleWholeAndRunsOnEnter() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let session = try explore()
        defer { session.shutDown() }
        try session.waitFor("sample-cache.json", "10 records")
        try session.keys("c")
        try session.waitFor("query> █")
        try session.paste("query Hero {\n  hero {\n    name\n  }\n}\n")
        let pasted = try session.waitFor("query> query Hero { hero { name } }█")
        #expect(pasted.contains("type a document"), "the paste ran the query:\n\(pasted)")
        try session.keys("Enter")
        try session.waitFor("complete: every field is in the cache", "name: \"R2-D2\"")
        try session.keys("Escape", "Q")
        #expect(try session.waitForExit())
    }

    @Test func readOnlyGreysOutTheKeysItRefuses() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let session = try explore("--read-only")
        defer { session.shutDown() }
        let screen = try session.waitFor("read-only", "d delete", "D by pattern", "u undo", "w watch", "c query", "q quit")
        let hints = try #require(screen.split(separator: "\n").last.map(String.init))
        let styled = try #require(try session.styledScreen().split(separator: "\n").last.map(String.init))
        let italic = Self.italicText(styled)
        #expect(italic == "d deleteD by patternu undo", "greyed (italic) hints: \(italic) on \(hints)")
        try session.keys("d")
        try session.waitFor("read-only: opened with --read-only, changes are refused")
    }

    /// The characters of `line` drawn in italic (SGR 3, the `hint.disabled` style of every theme),
    /// reading SGR sequences as a terminal does.
    static func italicText(_ line: String) -> String {
        var italic = false
        var result = ""
        var scalars = Array(line.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1b}", scalars.first == "[" else {
                if italic { result.unicodeScalars.append(scalar) }
                continue
            }
            scalars = scalars.dropFirst()
            let body = scalars.prefix { !("@"..."~").contains($0) }
            scalars = scalars.dropFirst(body.count)
            let final = scalars.popFirst()
            guard final == "m" else { continue }
            let parameters = String(String.UnicodeScalarView(body)).split(separator: ";", omittingEmptySubsequences: false)
            for parameter in parameters.isEmpty ? ["0"] : parameters {
                switch parameter {
                case "", "0", "23": italic = false
                case "3": italic = true
                default: break
                }
            }
        }
        return result
    }
}
