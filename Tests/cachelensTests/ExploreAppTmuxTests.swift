import CacheTestSupport
import Foundation
import Testing

/// `cachelens explore --app ID` and `cachelens explore N` in a real terminal: the cache the fake
/// simulator tree holds for that app opens, named with its format when it is not Apollo iOS's.
@Suite(.serialized) struct ExploreAppTmuxTests {
    private func session(_ fake: FakeDevices, _ arguments: [String]) throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore"] + arguments, size: (120, 30),
                        environment: ["TERM": "xterm-256color", "TMPDIR": fake.temporary,
                                      "CACHELENS_SIMULATORS": fake.simulators, "CACHELENS_ADB": "none"])
    }

    @Test func appOpensThatAppsCache() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let session = try session(fake, ["--app", "com.example.Kmp"])
        defer { session.shutDown() }
        try session.waitFor("apollo.db [Apollo Kotlin normalized cache 1.0]", "5 records", "Droid:2001.owner")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func aNumberFromCachesOpensThatCache() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let session = try session(fake, ["3"])
        defer { session.shutDown() }
        try session.waitFor("shared.sqlite [Apollo Kotlin (classic SQLite)]", "5 records", "Human:1002")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
