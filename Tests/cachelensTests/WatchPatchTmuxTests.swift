import CacheTestSupport
import Foundation
import Testing

/// Issue 31 in a real terminal: with a watch over a long list open, an edit of one item's name
/// shows in the watch (which patches its kept read instead of reading every item again), and
/// the watch says which key changed it.
@Suite(.serialized) struct WatchPatchTmuxTests {
    static let itemCount = 20_000

    /// An Apollo file of `Item:0` … `Item:19999` listed by `QUERY_ROOT.items`.
    private func itemsFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("items.sqlite")
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.itemCount - 1))
            INSERT INTO records (key, record) SELECT 'Item:' || i, '{"id":"' || i || '","name":"item ' || i || '"}' FROM n;
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.itemCount - 1))
            INSERT INTO records (key, record)
              SELECT 'QUERY_ROOT', '{"items":[' || group_concat('{"$reference":"Item:' || i || '"}', ',') || ']}' FROM n;
            """
        try SQLiteTestFile.apolloFile(at: path, rows: [], extraSQL: sql)
        return path
    }

    @Test func anEditUnderALongWatchShowsInTheWatch() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = try itemsFile(in: directory)
        let watch = directory.path("items.graphql")
        try "query Items { items { id name } }".write(toFile: watch, atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", path, "--watch", watch],
                                      size: (120, 40), environment: ["TERM": "xterm-256color"])
        defer { session.shutDown() }
        try session.waitFor("items.sqlite", #"items[0].name: "item 0""#, "items · cache · 1 update", timeout: .seconds(60))
        // `Item:0` is the list's second row (after `QUERY_ROOT`), `name` its record's second field.
        try session.keys("g", "j", "Enter", "g", "j", "e", "C-u")
        try session.type("renamed")
        try session.keys("Enter")
        try session.waitFor(#"Item:0.name = "renamed""#)
        try session.keys("Escape")
        try session.waitFor(#"items[0].name: "renamed""#, "items · cache · 2 updates", "changed by edit: Item:0.name",
                            timeout: .seconds(30))
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
