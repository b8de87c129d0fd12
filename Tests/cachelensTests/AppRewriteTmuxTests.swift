import CacheTestSupport
import Foundation
import Testing

/// Issue 27, "never frozen … while an app rewrites 100k rows", as a user meets it: the explorer
/// open on an Apollo file of 100,000 items while another process (`AppRewriter`, python's
/// sqlite3) rewrites every item in one transaction, in place and by `INSERT OR REPLACE`, again
/// and again. Keys are answered throughout, the screen says when it waits for the app's lock,
/// and once the app stops the screen shows what it wrote.
@Suite(.serialized) struct AppRewriteTmuxTests {
    static let itemCount = 100_000
    static let counterTotal = "/100,001"

    /// An Apollo file of `Item:1` … `Item:100000` (`item i`) and one `Other:1`.
    private func itemsFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("app.sqlite")
        let items = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.itemCount))
            INSERT INTO records (key, record)
            SELECT 'Item:' || i, '{"__typename":"Item","id":"' || i || '","name":"item ' || i || '"}' FROM n;
            """
        try SQLiteTestFile.apolloFile(at: path, rows: [("Other:1", #"{"word":"kept"}"#)], extraSQL: items)
        return path
    }

    /// The explorer on a fresh file, at `Item:1`, with the app rewriting it.
    private func exploreWhileAnAppRewrites(in directory: TemporaryDirectory) throws -> (session: TmuxSession, app: AppRewriter) {
        let path = try itemsFile(in: directory)
        let session = try TmuxSession(command: [CacheLensProcess.executable.path, "explore", path], size: (width: 100, height: 24))
        do {
            try session.waitFor("›Item:1 ", " 1" + Self.counterTotal, #""item 1""#)
            let app = try AppRewriter(path: path, control: directory.url.appendingPathComponent("app"))
            return (session, app)
        } catch {
            session.shutDown()
            throw error
        }
    }

    /// Presses `j` or `k` and waits for the selection counter to say `position`; the list is
    /// then expected to show the selected row and the whole file's count (the lock may keep it
    /// from reading the rows again, never make it say they are gone).
    private func move(_ key: String, to position: Int, _ session: TmuxSession,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        try session.keys(key)
        let screen = try session.waitFor(" \(position)" + Self.counterTotal, timeout: .seconds(5), sourceLocation: sourceLocation)
        #expect(screen.contains("›Item:\(position) ") && screen.contains(" 100,001 records"),
                "the list after \(key), while the app writes:\n\(screen)", sourceLocation: sourceLocation)
    }

    @Test func keysAreAnsweredWhileAnAppRewritesEveryRowAndItsRowsShowAfterwards() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (session, app) = try exploreWhileAnAppRewrites(in: directory)
        defer { app.stop(); _ = app.waitForExit(); session.shutDown(); _ = directory }
        #expect(app.waitUntil { $0.passes >= 1 }, "the app never committed a pass")
        // Keys while the app commits pass after pass, both in place and by new rowids. Bounded
        // by time, not by presses: beside a full parallel test run the app (python3) took
        // longer than 400 presses for one pass.
        let first = app.passes
        var presses = 0
        let deadline = ContinuousClock.now + .seconds(300)
        while app.passes < first + 2 && app.isRunning && ContinuousClock.now < deadline {
            try move("j", to: 2, session)
            try move("k", to: 1, session)
            presses += 2
        }
        #expect(app.passes >= first + 2, "\(presses) keys, while the app committed \(app.passes - first) passes")
        // The app holding the exclusive lock mid-rewrite: the screen says so, and keys still move.
        app.hold()
        // The app takes the lock after the pass under way: beside a full parallel test run on
        // two cores a pass took longer than 20 s once.
        #expect(app.waitUntil(timeout: .seconds(120)) { $0.isHolding }, "the app never took the lock")
        // The change-poll that meets the lock runs below the screen's priority: beside a full
        // parallel test run on two cores it met it later than 5 s once.
        try session.waitFor("waiting for the file's lock", timeout: .seconds(30))
        try move("j", to: 2, session)
        try move("k", to: 1, session)
        try session.waitFor("waiting for the file's lock", timeout: .seconds(2))
        app.letGo()
        app.stop()
        #expect(app.waitForExit(), "the app did not end")
        // What the app wrote last: the record pane shows its name, the list its new size. The
        // bound is long: a debug build reading 100,000 changed rows beside a full parallel test
        // run took 40 s to get there.
        let size = "\(AppRewriter.finalRecord(1).utf8.count)B"
        try session.waitFor(#""\#(AppRewriter.finalName(1))""#, "external change seen in", timeout: .seconds(60))
        try session.waitUntil("the list row of Item:1 with its new size", timeout: .seconds(5)) { screen in
            screen.split(separator: "\n").contains { $0.contains("›Item:1 ") && $0.contains(size) }
        }
        try session.waitUntil("the waiting line gone", timeout: .seconds(5)) { !$0.contains("waiting for the file's lock") }
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func quitsWhileAnAppHoldsTheLockMidRewrite() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (session, app) = try exploreWhileAnAppRewrites(in: directory)
        defer { app.stop(); _ = app.waitForExit(); session.shutDown(); _ = directory }
        #expect(app.waitUntil { $0.passes >= 2 }, "the app never committed both kinds of pass")
        app.hold()
        // The app takes the lock after the pass under way: beside a full parallel test run on
        // two cores a pass took longer than 20 s once.
        #expect(app.waitUntil(timeout: .seconds(120)) { $0.isHolding }, "the app never took the lock")
        // The change-poll that meets the lock runs below the screen's priority: beside a full
        // parallel test run on two cores it met it later than 5 s once.
        try session.waitFor("waiting for the file's lock", timeout: .seconds(30))
        try move("j", to: 2, session)
        try session.keys("Q")
        #expect(try session.waitForExit(timeout: .seconds(5)), "Q did not quit while the app held the lock")
        #expect(app.isHolding, "the app let go before the explorer quit")
    }
}
