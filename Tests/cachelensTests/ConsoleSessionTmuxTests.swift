import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Copy, redo, the console under a cache policy against a real server, and the status bar, in a
/// real terminal (tmux) running the real binary. The console is opened with `:query`, which
/// does not depend on the key it has.
@Suite(.serialized) struct ConsoleSessionTmuxTests {
    @Test func yPutsTheSelectedValueInTmuxsBufferThroughOSC52() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", PackageFiles.sample("sample-cache.json")],
                                      size: (120, 40), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.tmux(["set-option", "-g", "set-clipboard", "on"])
        try session.waitFor("QUERY_ROOT")
        try session.keys("j", "y")
        try session.waitFor("copied key Droid:2000, 10 bytes")
        #expect(try session.tmux(["show-buffer"], output: true) == "Droid:2000")
        // Droid:2001's name, opened from the list: the value, then its path.
        try session.keys("j", "Enter")
        try session.waitFor("Droid:2001 · Droid")
        try session.keys("j", "j", "j", "j", "y")
        try session.waitFor("copied Droid:2001.name value, 5 bytes")
        #expect(try session.tmux(["show-buffer"], output: true) == "R2-D2")
        try session.keys("Y")
        try session.waitFor("copied path Droid:2001.name, 15 bytes")
        #expect(try session.tmux(["show-buffer"], output: true) == "Droid:2001.name")
    }

    @Test func redoAfterUndoOfAnEditRestoresItAndTheWatchFollows() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let database = try SampleExplorerSession.sampleSQLite(named: "sample.sqlite", in: directory)
        let session = try SampleExplorerSession.exploreWithHeroWatch(database, in: directory)
        defer { session.shutDown() }
        try session.waitFor("hero · cache · 1 update", "hero.name: \"R2-D2\"")
        try session.keys("Enter")
        try session.waitFor("QUERY_ROOT · 6 fields")
        try session.keys("j", "Enter")
        try session.waitFor("Droid:2001 · Droid · 6 fields")
        try session.keys("j", "j", "j", "j", "e")
        try session.waitFor("Edit Droid:2001.name")
        try session.keys("C-u")
        try session.type("Artoo")
        try session.keys("Enter")
        try session.waitFor("hero.name: \"Artoo\"", "changed by edit: Droid:2001.name")
        try session.keys("u")
        try session.waitFor("hero.name: \"R2-D2\"", "changed by undo: Droid:2001.name")
        try session.keys("C-r")
        try session.waitFor("redone: the edit of Droid:2001.name", "hero.name: \"Artoo\"",
                            "changed by redo of the edit of Droid:2001.name")
        try session.keys("C-r")
        try session.waitFor("nothing to redo")
        try session.keys("Q")
        #expect(try session.waitForExit())
        let cache = try SQLiteNormalizedCache(path: database, options: .init(readOnly: true))
        #expect(try cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("Artoo"))
    }

    @Test(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
    func theConsoleFetchesUnderAPolicyFromARealServerAndUndoTakesTheWriteBack() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let server = try AriadneServer.shared.get()
        let directory = try TemporaryDirectory()
        let database = directory.path("empty.sqlite")
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", database, "--create",
                                                "--endpoint", server.graphQL.absoluteString],
                                      size: (140, 40), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("0 records", "schema: ", "127.0.0.1:")
        try session.keys(":")
        try session.type("policy fetchIgnoringCacheData")
        try session.keys("Enter")
        try session.waitFor("console policy: fetchIgnoringCacheData")
        try session.keys(":")
        try session.type("query { hero { id name } }")
        try session.keys("Enter")
        try session.waitFor("fetchIgnoringCacheData: from server · wrote 2 records", "always asked", "hero.name: \"R2-D2\"")
        try session.keys("Escape")
        try session.waitFor("2 records")
        try session.keys("u")
        try session.waitFor("undone: the console's fetch (fetchIgnoringCacheData) (2 records)", "0 records")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func theStatusBarSaysNoSchemaAndOfflineAndFitsSixtyColumns() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", PackageFiles.sample("sample-cache.json")],
                                      size: (140, 30), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("sample-cache.json", "10 records", "no schema", "offline", "policy: returnCacheDataDontFetch", "BROWSE")
        try session.resize(width: 60, height: 20)
        try session.waitUntil("a status bar that fits 60 columns") { screen in
            guard let bar = screen.split(separator: "\n").first(where: { $0.contains("│ BROWSE") }) else { return false }
            // The policy, the network and the schema give way first; the file, count and mode stay.
            return bar.contains("sample-cache.json │ 10 records") && bar.contains("BROWSE │ QUERY_ROOT") && !bar.contains("cacheOnly")
                && bar.count <= 60
        }
    }

    @Test(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
    func aFailedIntrospectionIsShownInTheUI() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let server = try AriadneServer.shared.get()
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", PackageFiles.sample("sample-cache.json"),
                                                "--endpoint", server.url("unauthorized").absoluteString],
                                      size: (160, 30), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("introspection failed: HTTP 401", "schema: not introspected from", "127.0.0.1:")
    }
}
