import CacheTestSupport
import Foundation
import Testing

/// A watch with variables in a real terminal, on the sample cache (which holds `human(id:1000)`):
/// through the `w` prompt's variables field, `:watch FILE VARIABLES-JSON`, and
/// `--watch FILE --variables FILE`; and a bad variables file named as such before the screen opens.
@Suite(.serialized) struct WatchVariablesTmuxTests {
    private static let luke = "query Luke($id: ID!) { human(id: $id) { name } }"
    private static let cache = PackageFiles.sample("sample-cache.json")

    private func explore(_ arguments: [String] = []) throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore", Self.cache] + arguments,
                        size: (120, 40), environment: ["TERM": "xterm-256color"])
    }

    @Test func thePromptAsksForTheDeclaredVariables() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let session = try explore()
        defer { session.shutDown() }
        try session.waitFor("QUERY_ROOT")
        try session.keys("w")
        try session.type(Self.luke)
        try session.keys("Enter")
        try session.waitFor("Watch with variables", #"{"id": null}"#)
        try session.keys("C-u")
        try session.type(#"{"id": true}"#)
        try session.keys("Enter")
        try session.waitFor(#"variable "$id""#)
        try session.keys("C-u")
        try session.type(#"{"id": "1000"}"#)
        try session.keys("Enter")
        try session.waitFor("watching Luke", "Luke Skywalker")
    }

    @Test func watchCommandTakesAFileAndItsVariables() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        try Self.luke.write(toFile: directory.path("Luke.graphql"), atomically: true, encoding: .utf8)
        let session = try explore()
        defer { session.shutDown() }
        try session.waitFor("QUERY_ROOT")
        try session.keys(":")
        try session.type(#"watch \#(directory.path("Luke.graphql")) {"id": "1000"}"#)
        try session.keys("Enter")
        try session.waitFor("watching Luke", "Luke Skywalker")
    }

    @Test func watchOptionTakesAVariablesFile() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        try Self.luke.write(toFile: directory.path("Luke.graphql"), atomically: true, encoding: .utf8)
        try #"{"id": "1000"}"#.write(toFile: directory.path("luke.json"), atomically: true, encoding: .utf8)
        let session = try explore(["--watch", directory.path("Luke.graphql"), "--variables", directory.path("luke.json")])
        defer { session.shutDown() }
        try session.waitFor("Luke", "Luke Skywalker")
    }

    @Test func aBadVariablesFileIsNamedAndNothingOpens() throws {
        let directory = try TemporaryDirectory()
        try Self.luke.write(toFile: directory.path("Luke.graphql"), atomically: true, encoding: .utf8)
        try #"{"id": "#.write(toFile: directory.path("bad.json"), atomically: true, encoding: .utf8)
        let result = try CacheLensProcess.run(["explore", Self.cache, "--watch", directory.path("Luke.graphql"),
                                               "--variables", directory.path("bad.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot watch with the variables of \(directory.path("bad.json")): the variables JSON does not parse"),
                "\(result.stderr)")
        let extra = try CacheLensProcess.run(["explore", Self.cache, "--variables", directory.path("bad.json")])
        #expect(extra.status != 0)
        #expect(extra.stderr.contains("each --variables goes with a --watch"), "\(extra.stderr)")
    }
}
