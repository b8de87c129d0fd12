import CacheTestSupport
import Foundation
import Testing

/// `cachelens` with no arguments, started outside the package: the bundled sample is found from
/// the executable's place, seeded through the sample server, and its watches shown.
@Suite(.serialized) struct SampleExplorerTmuxTests {
    @Test func noArgumentsOpenTheBundledSampleFromAnyDirectory() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let command = "cd \(directory.url.path) && exec \(CacheLensProcess.executable.path)"
        let session = try TmuxSession(command: ["sh", "-c", command], size: (120, 35), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("Star Wars sample", "7 records", "Droid:2001", "query Luke", "human.name: \"Luke Skywalker\"")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
