import CacheTestSupport
import Foundation
import Testing

/// `cachelens explore --app ID` and `cachelens explore N` in a real terminal: the cache the fake
/// simulator tree holds for that app opens, named with its format when it is not Apollo iOS's.
@Suite(.serialized) struct ExploreAppTmuxTests {
    private func session(_ fake: FakeDevices, _ arguments: [String], adb: String = "none") throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore"] + arguments, size: (120, 30),
                        environment: ["TERM": "xterm-256color", "TMPDIR": fake.temporary,
                                      "CACHELENS_SIMULATORS": fake.simulators, "CACHELENS_ADB": adb])
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

    @Test func openWithoutAFileListsTheCachesFoundAndOpensTheChosenOne() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let session = try session(fake, ["--app", "com.example.App"])
        defer { session.shutDown() }
        try session.waitFor("apollo.sqlite", "records")
        try session.type(":open")
        try session.keys("Enter")
        try session.waitFor("4 caches found", "com.example.Kmp", "group.com.example.shared", "com.example.Other")
        try session.keys("j", "j", "Enter")
        try session.waitFor("shared.sqlite [Apollo Kotlin (classic SQLite)]", "opened 3")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func aKotlinNormalizedRecordShowsWhenItWasUpdatedAndReceived() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let session = try session(fake, ["--app", "com.example.Kmp"])
        defer { session.shutDown() }
        try session.waitFor("apollo.db [Apollo Kotlin normalized cache 1.0]")
        try session.keys("/")
        try session.type("Droid:2001")
        try session.keys("Enter")
        try session.waitFor("Records /Droid:2001")
        try session.keys("Enter")
        try session.waitFor("updated 2025-11-24T16:01:40Z · received 2025-11-24T16:00:00Z")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func pullAgainReadsWhatTheAppWroteSinceAndIsRefusedOnALiveFile() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let fake = try FakeDevices(in: directory)
        let session = try session(fake, ["--app", "com.example.android"], adb: fake.adb)
        defer { session.shutDown() }
        try session.waitFor("apollo.db", "2 records")
        // The app writes a record on the device; the copy shown is stale until pulled again.
        try SQLiteTestFile.run(#"INSERT INTO records (key, record) VALUES ('User:2', '{"__typename":"User","id":"2"}');"#,
                               at: fake.androidCache)
        try session.keys("R")
        try session.waitFor("3 records", "pulled again from Pixel 7 (emulator-5554) · com.example.android · databases/apollo.db", "User:2")
        let simulatorCache = fake.simulators + "/1A2B-BOOTED/data/Containers/Data/Application/APP-1/Library/Caches/com.example.App/apollo.sqlite"
        try session.type(":open " + simulatorCache)
        try session.keys("Enter")
        try session.waitFor("apollo.sqlite │")
        try session.keys("R")
        try session.waitFor("only a copy pulled off an Android device is pulled again")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
