import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The real binary in a real terminal (tmux) on a real SQLite file: follow a reference, edit a
/// field and see the watch change, delete by pattern with confirmation, quit, check the file.
@Suite(.serialized) struct TmuxEndToEndTests {
    /// A SQLite cache file holding the bundled sample, written by `cachelens harness`.
    @Test func editDeleteAndQuitOnASQLiteFileInTmux() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let database = try SampleExplorerSession.sampleSQLite(named: "sample.sqlite", in: directory)
        let session = try SampleExplorerSession.exploreWithHeroWatch(database, in: directory)
        defer { session.shutDown() }
        try session.waitFor("sample.sqlite", "10 records", "hero · cache · 1 update", "hero.name: \"R2-D2\"")

        // Follow QUERY_ROOT.hero to Droid:2001.
        try session.keys("Enter")
        try session.waitFor("QUERY_ROOT · 6 fields")
        try session.keys("j", "Enter")
        try session.waitFor("Droid:2001 · Droid · 6 fields", "QUERY_ROOT › Droid:2001")

        // Edit Droid:2001.name; the watch re-reads at once.
        try session.keys("j", "j", "j", "j", "e")
        try session.waitFor("Edit Droid:2001.name")
        try session.keys("C-u")
        try session.type("Artoo")
        try session.keys("Enter")
        try session.waitFor("hero · cache · 2 updates", "changed by edit: Droid:2001.name", "hero.name: \"Artoo\"")

        // Delete every Human by pattern, after the preview.
        try session.keys("D")
        try session.type("human")
        try session.keys("Enter")
        try session.waitFor("5 records contain \"human\"", "references would dangle")
        try session.keys("y")
        try session.waitFor("deleted 5 records", "5 records")

        // A resize reaches the explorer (KEY_RESIZE): 50 columns show one pane at a time
        // (every character on this screen is one column wide).
        try session.resize(width: 50, height: 14)
        try session.waitUntil("a 50x14 layout") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.first?.hasPrefix("┌ Droid:2001") == true && lines.allSatisfy { $0.count <= 50 }
                && !screen.contains("Watches")
        }

        try session.keys("Q")
        #expect(try session.waitForExit())

        let cache = try SQLiteNormalizedCache(path: database, options: .init(readOnly: true))
        #expect(try cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("Artoo"))
        #expect(try cache.keyCount(matching: "human") == 0)
        #expect(try cache.recordCount() == 5)
    }

    @Test func combiningMarksAreDrawnWithTheirCharacterInTmux() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("accents.json")
        // Decomposed: e + COMBINING ACUTE ACCENT, in the key and in a value.
        try #"{"Cafe\u0301:1":{"name":"Ame\u0301lie"}}"#.write(toFile: snapshot, atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", "--snapshot", snapshot],
                                      size: (100, 30), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("Cafe\u{301}:1", "\"Ame\u{301}lie\"")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func aFileThatCannotBeOpenedIsAClearMessageAndExitStatus() throws {
        let directory = try TemporaryDirectory()
        let missing = try CacheLensProcess.run(["explore", directory.path("nope.sqlite")])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.sqlite: no such file"))
        let notSQLite = directory.path("text.sqlite")
        try "hello".write(toFile: notSQLite, atomically: true, encoding: .utf8)
        let broken = try CacheLensProcess.run(["explore", notSQLite])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("text.sqlite"))
        let badSnapshot = directory.path("bad.json")
        try "[1,2]".write(toFile: badSnapshot, atomically: true, encoding: .utf8)
        let snapshot = try CacheLensProcess.run(["explore", "--snapshot", badSnapshot])
        #expect(snapshot.status == 1)
        #expect(snapshot.stderr.contains("bad.json: a snapshot must be a JSON object of records"))
    }
}
