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
    @Test func anotherProcessWritingTheFileReachesTheWatchAndTheListInTmux() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let database = try SampleExplorerSession.sampleSQLite(named: "shared.sqlite", in: directory)
        let session = try SampleExplorerSession.exploreWithHeroWatch(database, in: directory)
        defer { session.shutDown() }
        try session.waitFor("shared.sqlite", "10 records", "hero · cache · 1 update", "hero.name: \"R2-D2\"")

        // Another process changes the field the watch reads.
        try SampleExplorerSession.harness(database, #"{"id":1,"op":"merge","records":{"Droid:2001":{"name":"Artoo"}}}"#)
        try session.waitFor("hero.name: \"Artoo\"", "changed by external: Droid:2001.name", "hero · cache · 2 updates",
                            "external change seen in 1 record", timeout: .seconds(5))

        // Another process adds a record: it appears in the list.
        try SampleExplorerSession.harness(database, #"{"id":1,"op":"merge","records":{"Human:1999":{"name":"Biggs"}}}"#)
        try session.waitFor("11 records", "Human:1999", "external change seen in 1 record", timeout: .seconds(5))

        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
