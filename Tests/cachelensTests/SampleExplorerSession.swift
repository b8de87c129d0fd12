import CacheTestSupport
import Foundation
import Testing

/// What the tmux suites that open the sample in a SQLite file share: the file, filled by a
/// `cachelens harness` process, and an explorer on it watching `query HeroName { hero { name } }`.
enum SampleExplorerSession {
    /// A SQLite file named `name` in `directory` holding the bundled sample's records.
    static func sampleSQLite(named name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path(name)
        let snapshot = try String(contentsOf: PackageFiles.root.appendingPathComponent("sample-data/sample-cache.json"), encoding: .utf8)
        try harness(path, #"{"id":1,"op":"merge","records":"# + snapshot.split(separator: "\n").joined() + "}")
        return path
    }

    /// Runs one harness request in a `cachelens harness` process on `path` (another process
    /// than the explorer's) and expects it to succeed.
    static func harness(_ path: String, _ line: String) throws {
        let result = try CacheLensProcess.run(["harness", "--cache", path], input: line + "\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"id":1,"ok":true"#), "\(result.stdout)")
    }

    /// The explorer on `database` in a 120x40 tmux session, watching the hero's name.
    static func exploreWithHeroWatch(_ database: String, in directory: TemporaryDirectory) throws -> TmuxSession {
        let watch = directory.path("hero.graphql")
        try "query HeroName { hero { name } }".write(toFile: watch, atomically: true, encoding: .utf8)
        return try TmuxSession(command: [CacheLensProcess.executable.path, "explore", database, "--watch", watch],
                               size: (120, 40), environment: ["TERM": "xterm-256color"])
    }
}
