import CacheTestSupport
import Foundation
import Testing

/// Getting around in a real terminal (tmux), on a snapshot with nested lists: `q` quits and `c`
/// opens the console, back closes an open list first; inbound references and `:find` land on
/// the element; `n`/`N` work from the record pane; a press and release in one write is a click
/// and a double click follows a reference; `type:`/`re:` filters, `s`, `Tab` on the `:` line,
/// `W`, and `:export` of a filtered list.
@Suite(.serialized) struct NavigateTmuxTests {
    /// A list of lists of references (`squads[0][1]` names Human:1), a reference field, an object.
    static let squads = #"""
    {"QUERY_ROOT":{"squads":[[{"$reference":"Human:2"},{"$reference":"Human:1"}],[{"$reference":"Human:3"}]]},
     "Human:1":{"__typename":"Human","id":"1","name":"Luke","homePlanet":"Tatooine"},
     "Human:2":{"__typename":"Human","id":"2","name":"Leia","homePlanet":"Alderaan","best":{"$reference":"Human:3"},"friends":[{"$reference":"Human:1"}]},
     "Human:3":{"__typename":"Human","id":"3","name":"Han","address":{"planet":"Corellia","ship":{"$reference":"Human:1"}}},
     "Droid:2001":{"__typename":"Droid","id":"2001","name":"R2-D2","primaryFunction":"Astromech and a much longer function text"}}
    """#

    private func explore(_ directory: TemporaryDirectory, _ arguments: String...) throws -> TmuxSession {
        let snapshot = directory.path("squads.json")
        if !FileManager.default.fileExists(atPath: snapshot) {
            try Self.squads.write(toFile: snapshot, atomically: true, encoding: .utf8)
        }
        let command = [CacheLensProcess.executable.path, "explore", snapshot] + arguments
        let session = try TmuxSession(command: command, size: (100, 24), environment: ["TERM": "xterm-256color"])
        try session.waitFor("squads.json", "5 records")
        return session
    }

    /// The screen line holding the record pane's selection marker.
    private static func selectedRecordLine(_ screen: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { line in
            guard let border = line.range(of: "││") else { return false }
            return line[border.upperBound...].hasPrefix("›")
        }
    }

    @Test func qQuitsCOpensTheConsoleAndBackClosesTheOpenListFirst() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try explore(directory)
        defer { session.shutDown() }
        try session.waitFor("c query", "q quit")
        try session.keys("c")
        try session.waitFor("query> █")
        try session.keys("Escape")
        // QUERY_ROOT, open `squads`, then its first element, and select that element's [1].
        try session.keys("Enter", "Enter", "j", "Enter", "j", "j")
        try session.waitUntil("squads[0][1] selected") { Self.selectedRecordLine($0)?.contains("→ Human:1") == true }
        try session.keys("h")
        try session.waitUntil("the inner list closed, its row selected") { screen in
            Self.selectedRecordLine(screen)?.contains("[0]") == true && Self.selectedRecordLine(screen)?.contains("▸") == true
        }
        try session.keys("Left")
        try session.waitUntil("squads closed and selected") { screen in
            Self.selectedRecordLine(screen)?.contains("squads") == true && !screen.contains("▾")
        }
        try session.keys("q")
        #expect(try session.waitForExit())
    }

    @Test func inboundReferencesAndFindLandOnTheElementAndNWalksFromTheRecordPane() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try explore(directory)
        defer { session.shutDown() }
        try session.keys("j", "j", "r")  // Human:1
        try session.waitFor("2 inbound to Human:1", "QUERY_ROOT . squads[0][1]", "Human:2 . friends[0]")
        try session.keys("Enter")
        try session.waitUntil("QUERY_ROOT open at squads[0][1]") { screen in
            screen.contains("QUERY_ROOT · 1 field") && Self.selectedRecordLine(screen)?.contains("[1]") == true
                && Self.selectedRecordLine(screen)?.contains("→ Human:1") == true
        }
        try session.type(":find alderaan")
        try session.keys("Enter")
        // The find runs in the background: `n` walks the matches once there are some.
        try session.waitFor("find \"alderaan\": 1 match")
        try session.keys("n")
        try session.waitFor("match 1/1: Human:2 · homePlanet")
        #expect(Self.selectedRecordLine(try session.screen())?.contains("homePlanet") == true)
        try session.keys("Escape", "/")
        try session.type("human")
        try session.keys("Enter", "Enter", "n")
        try session.waitFor("match 2/3: Human:2", "Human:2 · Human")
        try session.keys("N")
        try session.waitFor("match 1/3: Human:1", "Human:1 · Human")
        // From the query console too, on its empty document line.
        try session.keys("c")
        try session.waitFor("query> █")
        try session.keys("n")
        try session.waitFor("match 2/3: Human:2", "Human:2 · Human")
        try session.keys("q")
        #expect(try session.waitForExit())
    }

    /// An SGR mouse press and its release (1-based cell), as a terminal writes them.
    private static func click(row: Int, column: Int) -> String {
        "\u{1b}[<0;\(column + 1);\(row + 1)M\u{1b}[<0;\(column + 1);\(row + 1)m"
    }

    @Test func aPressAndReleaseInOneWriteIsAClickAndADoubleClickFollowsAReference() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try explore(directory)
        defer { session.shutDown() }
        // Rows: 1 QUERY_ROOT, 2 Droid:2001, 3 Human:1, 4 Human:2.
        try session.type(Self.click(row: 3, column: 5))
        try session.waitFor("Human:1 · Human")
        try session.type(Self.click(row: 4, column: 5) + Self.click(row: 4, column: 5))
        try session.waitFor("Human:2 · Human")
        // Human:2's second row is `best → Human:3`: a double click follows it.
        try session.type(Self.click(row: 2, column: 60) + Self.click(row: 2, column: 60))
        try session.waitFor("Human:3 · Human", "Human:2 › Human:3")
        try session.keys("q")
        #expect(try session.waitForExit())
    }

    @Test func typeAndRegexFiltersSortingAndABadRegex() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try explore(directory)
        defer { session.shutDown() }
        try session.keys("/")
        try session.type("type:Human")
        try session.keys("Enter")
        try session.waitFor("Records /type:Human", "3 matching")
        try session.keys("Escape", "/")
        try session.type(#"re:^Human:[12]$"#)
        try session.keys("Enter")
        try session.waitFor(#"Records /re:^Human:[12]$"#, "2 matching")
        try session.keys("Escape", "/")
        try session.type("re:Human:(")
        try session.waitFor("bad regular expression Human:(:")
        try session.keys("Escape", "s")
        try session.waitFor("Records · by size", "sorted by size")
        try session.waitUntil("largest first") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            return rows.count > 1 && rows[1].contains("Human:2")
        }
        try session.keys("s")
        try session.waitFor("Records · by type")
        try session.waitUntil("Droid first") { $0.split(separator: "\n").dropFirst().first?.contains("Droid:2001") == true }
        try session.keys("q")
        #expect(try session.waitForExit())
    }

    @Test func tabCompletesCommandsAndPathsAndWListsAFieldsWatches() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        try "query Names { squads { name } }".write(toFile: directory.path("names.graphql"), atomically: true, encoding: .utf8)
        try "{}".write(toFile: directory.path("squads-b.json"), atomically: true, encoding: .utf8)
        let session = try explore(directory, "--watch", directory.path("names.graphql"))
        defer { session.shutDown() }
        try session.waitFor("Names")
        try session.keys(":")
        try session.type("wa")
        try session.keys("Tab")
        try session.waitFor(":watch █")
        try session.keys("C-u")
        try session.type("open \(directory.path("sq"))")
        try session.keys("Tab")
        try session.waitFor(":open \(directory.path("squads"))█  squads-b.json  squads.json")
        try session.keys("Tab")
        try session.waitFor(":open \(directory.path("squads-b.json"))█")
        try session.keys("Tab")
        try session.waitFor(":open \(directory.path("squads.json"))█")
        try session.keys("Escape")
        // Human:1's `name`: read by the Names watch.
        try session.keys("j", "j", "Enter", "j", "j", "j", "W")
        try session.waitFor("1 watch read Human:1.name", "Names")
        try session.keys("Enter")
        try session.waitFor("query Names { squads { name } }")
        try session.keys("q")
        #expect(try session.waitForExit())
    }

    @Test func exportWithAFilterWritesWhatTheListShows() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let session = try explore(directory)
        defer { session.shutDown() }
        let out = directory.path("out.json")
        try session.keys("/")
        try session.type("type:Human")
        try session.keys("Enter", ":")
        try session.type("export \(out)")
        try session.keys("Enter")
        try session.waitFor("exported 3 records (filter type:Human)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains("Human:1") && written.contains("Human:3") && !written.contains("Droid:2001"), "\(written)")
        try session.keys("q")
        #expect(try session.waitForExit())
    }
}
