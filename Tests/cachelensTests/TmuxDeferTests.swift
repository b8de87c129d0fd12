import CacheTestSupport
import Foundation
import Testing

/// `@defer` in a real terminal: a watch and the query console show a deferred fragment that the
/// cache does not hold as pending (`…`), not as a miss.
@Suite(.serialized) struct TmuxDeferTests {
    @Test func aPendingDeferredFragmentShowsInTheWatchAndTheConsoleInTmux() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let snapshot = directory.path("records.json")
        try #"{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"__typename":"Droid","name":"R2-D2"}}"#
            .write(toFile: snapshot, atomically: true, encoding: .utf8)
        let watch = directory.path("hero.graphql")
        let document = #"query HeroMore { hero { name ... @defer(label: "more") { primaryFunction } } }"#
        try document.write(toFile: watch, atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", snapshot, "--watch", watch],
                                      size: (120, 40), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("hero · cache · 1 update", "hero.name: \"R2-D2\"", "… @defer hero (more): pending")
        #expect(try !session.screen().contains("✗"))

        try session.keys("c")
        try session.type(#"{ hero { name ... @defer(label: "more") { primaryFunction } } }"#)
        try session.keys("Enter")
        try session.waitFor("complete: every field is in the cache (1 deferred fragment pending)",
                            "… @defer \"more\": pending (its data is not in the cache yet)")
        try session.keys("Escape", "Q")
        #expect(try session.waitForExit())
    }
}
