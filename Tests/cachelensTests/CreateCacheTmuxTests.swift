import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `explore --create` in a real terminal: the explorer opens a new, empty SQLite cache, and a
/// record merged into it by another process shows up in it.
@Suite(.serialized) struct CreateCacheTmuxTests {
    @Test func createMakesANewCacheThatTheExplorerShows() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", "--create", path],
                                      size: (100, 30), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("new.sqlite", "0 records")
        #expect(FileManager.default.fileExists(atPath: path))
        let merge = try CacheLensProcess.run(["harness", "--cache", path],
                                             input: #"{"id":1,"op":"merge","records":{"Droid:2001":{"name":"R2-D2"}}}"# + "\n")
        #expect(merge.status == 0, "\(merge.stderr)")
        try session.waitFor("1 record", "Droid:2001")
        try session.keys("Q")
        #expect(try session.waitForExit())
        #expect(try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)).recordCount() == 1)
    }
}
