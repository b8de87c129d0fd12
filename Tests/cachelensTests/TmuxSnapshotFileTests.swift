import CacheTestSupport
import Foundation
import Testing

/// The explorer on a snapshot `.json` file that another writer rewrites: the new version
/// reaches the list and the watch as one external change; a rewrite that cannot be read is
/// reported and the records stay as they were.
@Suite(.serialized) struct TmuxSnapshotFileTests {
    @Test func anotherWriterRewritingTheSnapshotReachesTheListAndTheWatchInTmux() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("hero.json")
        try #"{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"__typename":"Droid","name":"R2-D2"},"Human:1002":{"name":"Han"}}"#
            .write(toFile: snapshot, atomically: true, encoding: .utf8)
        let watch = directory.path("hero.graphql")
        try "query HeroName { hero { name } }".write(toFile: watch, atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", snapshot, "--watch", watch],
                                      size: (120, 40), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("hero.json", "3 records", "hero · cache · 1 update", "hero.name: \"R2-D2\"")

        // Another writer replaces the file (as editors and exporters do: a new file renamed over it).
        try #"{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"__typename":"Droid","name":"Artoo"},"Human:1003":{"name":"Leia"}}"#
            .write(toFile: snapshot, atomically: true, encoding: .utf8)
        try session.waitFor("hero.name: \"Artoo\"", "changed by external: Droid:2001.name", "external change seen in 3 records",
                            "Human:1003", timeout: .seconds(2))

        // A rewrite caught half way is reported, not applied.
        try #"{"QUERY_ROOT":{"hero":"#.write(toFile: snapshot, atomically: false, encoding: .utf8)
        let screen = try session.waitFor("hero.json changed on disk but cannot be read", timeout: .seconds(2))
        #expect(screen.contains("hero.name: \"Artoo\""))
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
