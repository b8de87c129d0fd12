import CacheTestSupport
import Foundation
import Testing

/// `:lint` in a real terminal: a cache with a dangling reference shows the finding whole (the
/// dialog is as wide as its sentences need), and Enter opens the record that holds it.
@Suite(.serialized) struct LintTmuxTests {
    @Test func lintNamesTheDanglingReferenceAndEnterOpensItsRecord() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = directory.path("dangling.sqlite")
        try SampleExplorerSession.harness(path, #"{"id":1,"op":"merge","records":{"QUERY_ROOT":{"me":{"$reference":"User:1"}},"# +
            #""User:1":{"__typename":"User","id":"1","best":{"$reference":"User:404"}}}}"#)
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", path],
                                      size: (120, 30), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("2 records", "QUERY_ROOT", "User:1")
        try session.keys(":")
        try session.type("lint")
        try session.keys("Enter")
        let screen = try session.waitFor("lint: 1 finding", "danglingReference (1)", "Enter opens the selected record")
        #expect(screen.contains("e.g. User:1 -> User:404"), "the example is cut:\n\(screen)")
        try session.keys("Enter")
        try session.waitUntil("User:1 opened in the record pane") { screen in
            !screen.contains("lint: 1 finding") && screen.contains("User:1 · User · 3 fields") && screen.contains("User:404 (dangling)")
        }
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
