import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The explorer beside another process writing the same SQLite file: what the other process
/// commits reaches the watch (new value, changed key, flash) and the list within a second, as
/// an external change.
@Suite(.serialized) struct TmuxExternalChangeTests {
    /// A SQLite copy of the bundled sample, written by `cachelens harness`.
    private func sampleSQLite(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("shared.sqlite")
        let snapshot = try String(contentsOf: PackageFiles.root.appendingPathComponent("sample-data/sample-cache.json"), encoding: .utf8)
        try harness(path, #"{"id":1,"op":"merge","records":"# + snapshot.split(separator: "\n").joined() + "}")
        return path
    }

    /// Runs one harness request in a `cachelens harness` process on `path`: another process.
    private func harness(_ path: String, _ line: String) throws {
        let result = try CacheLensProcess.run(["harness", "--cache", path], input: line + "\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"id":1,"ok":true"#), "\(result.stdout)")
    }

    @Test func anotherProcessWritingTheFileReachesTheWatchAndTheListInTmux() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let database = try sampleSQLite(in: directory)
        let watch = directory.path("hero.graphql")
        try "query HeroName { hero { name } }".write(toFile: watch, atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", database, "--watch", watch],
                                      size: (120, 40), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("shared.sqlite", "10 records", "hero · cache · 1 update", "hero.name: \"R2-D2\"")

        // Another process changes the field the watch reads.
        try harness(database, #"{"id":1,"op":"merge","records":{"Droid:2001":{"name":"Artoo"}}}"#)
        try session.waitFor("hero.name: \"Artoo\"", "changed Droid:2001.name", "hero · cache · 2 updates",
                            "external change: 1 record", timeout: .seconds(1))

        // Another process adds a record: it appears in the list.
        try harness(database, #"{"id":1,"op":"merge","records":{"Human:1999":{"name":"Biggs"}}}"#)
        try session.waitFor("11 records", "Human:1999", "external change: 1 record", timeout: .seconds(1))

        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
