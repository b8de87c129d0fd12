import CacheTestSupport
import Foundation
import Testing

/// Nothing is cut without a way to read it, in a real terminal: at 80x24 the query console's
/// fix line wraps whole and opens in the pager; a long value ends with `…` and Enter shows it
/// whole; `/` searches the pager; `J` shows the record's Apollo JSON with `$reference`; `E`
/// hands the text to `$PAGER`. On the bundled sample and on a file in Apollo iOS's own layout.
@Suite(.serialized) struct PagerTmuxTests {
    static let longText = (1...60).map { "word\($0)" }.joined(separator: " ") + " TATOOINE-END"

    /// An Apollo iOS file (its DDL, its rows): the hero under an argument, a review with a long
    /// commentary that references a human.
    static func apolloFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("reviews.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero(episode:JEDI)":{"$reference":"Droid:2001"},"review":{"$reference":"Review:1"}}"#),
            ("Droid:2001", #"{"__typename":"Droid","id":"2001","name":"R2-D2"}"#),
            ("Human:1000", #"{"__typename":"Human","id":"1000","name":"Luke Skywalker"}"#),
            ("Review:1", #"{"__typename":"Review","author":{"$reference":"Human:1000"},"commentary":"\#(longText)","stars":5}"#),
        ])
        return path
    }

    static func explore(_ arguments: [String], size: (Int, Int) = (80, 24), environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore"] + arguments, size: size,
                        environment: ["TERM": "xterm-256color"].merging(environment) { $1 })
    }

    /// Opens the query console (its key is named here only).
    static func openConsole(_ session: TmuxSession) throws { try session.keys("c") }

    /// The console's lines as one text: borders dropped, runs of spaces made one.
    static func consoleText(_ screen: String) -> String {
        screen.split(separator: "\n").map { line in
            line.replacingOccurrences(of: "│", with: " ").split(separator: " ").joined(separator: " ")
        }.joined(separator: " ")
    }

    @Test(arguments: ["sample", "apollo"]) func theConsolesFixLineIsReadableWholeAt80x24(data: String) throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let arguments = data == "sample" ? [] : [try Self.apolloFile(in: directory)]
        let query = data == "sample" ? "{ hero(episode: JEDI) { name } }" : "{ hero { name } }"
        let session = try Self.explore(arguments)
        defer { session.shutDown() }
        try session.waitFor("QUERY_ROOT")
        try Self.openConsole(session)
        try session.type(query)
        try session.keys("Enter")
        let screen = try session.waitFor("fix:", "argumentsDiffer")
        let text = Self.consoleText(screen)
        #expect(text.contains("fix: read with the arguments that were fetched, or fetch"), "\(screen)")
        #expect(text.contains("from the server once"), "the fix is cut:\n\(screen)")
        for line in screen.split(separator: "\n") { #expect(line.count <= 80) }
        // And whole in the pager, where it can be searched.
        try session.keys("C-v")
        try session.waitFor("Query console · report", "lines")
        try session.keys("/")
        try session.type("server once")
        try session.keys("Enter")
        let found = try session.waitFor("match 1/1")
        #expect(Self.consoleText(found).contains("from the server once"), "\(found)")
        try session.keys("q")
        try session.waitUntil("the pager closed") { !$0.contains("Query console · report") }
    }

    @Test func aLongValueEndsWithAnEllipsisAndEnterShowsItWholeAndSearchable() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try Self.explore([try Self.apolloFile(in: directory)])
        defer { session.shutDown() }
        try session.waitFor("QUERY_ROOT", "Review:1")
        try session.keys("G", "Enter", "j", "j")
        let cut = try session.waitFor("commentary")
        let line = try #require(cut.split(separator: "\n").first { $0.contains("commentary") })
        #expect(line.contains("…"), "a cut value must end with …: \(line)")
        #expect(!cut.contains("TATOOINE-END"))
        try session.keys("Enter")
        try session.waitFor("Review:1 · commentary", "TATOOINE-END", "word33")
        try session.keys("/")
        try session.type("word4")
        try session.keys("Enter")
        try session.waitFor("match 1/")
        try session.keys("n")
        try session.waitFor("match 2/")
        try session.keys("q")
        try session.waitUntil("the pager closed") { !$0.contains("TATOOINE-END") }
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func jShowsTheRecordAsApolloJSONWithReferences() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try Self.explore([try Self.apolloFile(in: directory)])
        defer { session.shutDown() }
        try session.waitFor("QUERY_ROOT", "Review:1")
        try session.keys("G", "J")
        try session.waitFor("Review:1 · record JSON", #""author": {"$reference": "Human:1000"},"#, #""stars": 5"#)
        try session.keys("J")
        try session.waitUntil("the JSON view closed") { !$0.contains("record JSON") }
        // The sample too: the hero's friends are references.
        let sample = try Self.explore([])
        defer { sample.shutDown() }
        try sample.waitFor("QUERY_ROOT")
        try sample.keys("J")
        try sample.waitFor("QUERY_ROOT · record JSON", #""hero": {"$reference": "Droid:2001"},"#)
    }

    @Test func eHandsTheTextToPagerReadOnly() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let script = directory.path("pager.sh")
        try """
            #!/bin/sh
            cp "$1" "\(directory.path("seen.txt"))"
            stat -c %a "$1" > "\(directory.path("mode.txt"))"
            echo "$1" > "\(directory.path("argument.txt"))"
            """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let session = try Self.explore([try Self.apolloFile(in: directory)], environment: ["PAGER": script])
        defer { session.shutDown() }
        try session.waitFor("QUERY_ROOT", "Review:1")
        try session.keys("G", "Enter", "j", "j", "Enter")
        try session.waitFor("Review:1 · commentary", "E in $PAGER")
        try session.keys("E")
        try session.waitFor("back from \(script)", "Review:1 · commentary")
        #expect(try String(contentsOfFile: directory.path("seen.txt"), encoding: .utf8) == Self.longText)
        #expect(try String(contentsOfFile: directory.path("mode.txt"), encoding: .utf8) == "400\n")
        let argument = try String(contentsOfFile: directory.path("argument.txt"), encoding: .utf8)
        #expect(argument.hasSuffix("Review-1-commentary.txt\n"), "\(argument)")
        #expect(!FileManager.default.fileExists(atPath: argument.trimmingCharacters(in: .newlines)), "the temporary file stays behind")
    }

    @Test func withNeitherPagerNorEditorTheHintAndTheKeySaySo() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try Self.explore([try Self.apolloFile(in: directory)], environment: ["PAGER": "", "EDITOR": ""])
        defer { session.shutDown() }
        try session.waitFor("QUERY_ROOT")
        try session.keys("v")
        try session.waitFor("QUERY_ROOT · 2 fields", "no $PAGER")
        try session.keys("E")
        try session.waitFor("neither $PAGER nor $EDITOR is set")
    }
}
