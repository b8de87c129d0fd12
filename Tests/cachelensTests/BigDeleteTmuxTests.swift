import CacheTestSupport
import Foundation
import Testing

/// Issue 27 and 31, "never frozen" and "big changes stay proportional", in the real explorer
/// under tmux: deleting 100,000 records runs in the background with named progress, keys are
/// answered meanwhile, and `Esc` cancels it with nothing deleted.
@Suite(.serialized) struct BigDeleteTmuxTests {
    static let itemCount = 100_000

    /// An Apollo file of `Item:1` … `Item:100000` and one `Other:1`.
    private func itemsFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("items.sqlite")
        let items = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.itemCount))
            INSERT INTO records (key, record) SELECT 'Item:' || i, '{"id":"' || i || '","name":"item ' || i || '"}' FROM n;
            """
        try SQLiteTestFile.apolloFile(at: path, rows: [("Other:1", #"{"word":"kept"}"#)], extraSQL: items)
        return path
    }

    private func explore(_ path: String, height: Int = 24) throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore", path], size: (width: 100, height: height))
    }

    /// `D Item:`, up to its confirmation (the preview of what would be deleted).
    private func previewDeletingItems(_ session: TmuxSession) throws {
        try session.keys("D")
        try session.type("Item:")
        try session.keys("Enter")
        try session.waitFor(#"records contain "Item:""#, timeout: .seconds(30))
    }

    /// `D Item:` + `y`: the confirmation is answered at once.
    private func deleteItems(_ session: TmuxSession) throws {
        try previewDeletingItems(session)
        try session.keys("y")
    }

    /// A big delete under way on a fresh file: the folder (kept while the test runs), the
    /// file and the session (the caller shuts it down).
    private func startDeletingItems(waitingFirstFor first: String = "Item:1") throws
        -> (directory: TemporaryDirectory, path: String, session: TmuxSession) {
        let directory = try TemporaryDirectory()
        let path = try itemsFile(in: directory)
        let session = try explore(path)
        do {
            try session.waitFor(first)
            try deleteItems(session)
            try session.waitFor("deleting 100,000 records…", timeout: .seconds(5))
        } catch {
            session.shutDown()
            throw error
        }
        return (directory, path, session)
    }

    private func rowCount(_ path: String) throws -> String {
        try SQLiteTestFile.scalar("SELECT count(*) FROM records;", at: path) ?? ""
    }

    @Test func aBigDeleteShowsProgressAndAnswersKeys() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let (directory, path, session) = try startDeletingItems()
        defer { session.shutDown(); _ = directory }
        try session.keys("?")
        // Help opens while the progress line still says the delete runs.
        try session.waitFor("Help ·", "deleting 100,000 records…", timeout: .seconds(2))
        try session.keys("Escape")
        try session.waitFor("deleted 100,000 records", timeout: .seconds(120))
        try session.waitFor("1 record")
        #expect(try rowCount(path) == "1")
        try session.keys("u")
        try session.waitFor("restoring 100,000 records…", timeout: .seconds(5))
        try session.waitFor("100,000 records restored", timeout: .seconds(120))
        #expect(try rowCount(path) == "100001")
        // The redo deletes them again in the background, as the delete did.
        try session.keys("C-r")
        try session.waitFor("deleting 100,000 records…", timeout: .seconds(5))
        try session.waitFor("redone: delete", timeout: .seconds(120))
        #expect(try rowCount(path) == "1")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    /// Keys during the delete move the selection while it still runs (the key latency itself
    /// is the `frozen` benchmark's figure).
    @Test func keysDuringABigDeleteMoveTheSelectionPromptly() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let (directory, _, session) = try startDeletingItems(waitingFirstFor: "›Item:1 ")
        defer { session.shutDown(); _ = directory }
        try session.type(String(repeating: "j", count: 10))
        let screen = try session.waitFor("›Item:11 ", timeout: .seconds(5))
        #expect(screen.contains("deleting 100,000 records…"), "the delete ended before the keys were answered")
        try session.waitFor("deleted 100,000 records", timeout: .seconds(120))
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func escCancelsABigDeleteAndNothingIsDeleted() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let (directory, path, session) = try startDeletingItems()
        defer { session.shutDown(); _ = directory }
        try session.keys("Escape")
        try session.waitFor("cancelled deleting 100,000 records: nothing changed", timeout: .seconds(10))
        #expect(try rowCount(path) == "100001")
        try session.waitFor("100,001 records")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func escCancelsADeleteWaitingForAnotherProcesssLock() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = try itemsFile(in: directory)
        let session = try explore(path)
        defer { session.shutDown() }
        try session.waitFor("Item:1")
        try previewDeletingItems(session)
        let holder = try LockHolder(path: path)
        try session.keys("y")
        try session.waitFor("waiting for the file's lock", timeout: .seconds(5))
        try session.keys("Escape")
        // Bounded for a full parallel test run on two cores, where 5 s was once not enough: this
        // test holds that Esc cancels and nothing is deleted, not how fast.
        try session.waitFor("cancelled deleting 100,000 records: nothing changed", timeout: .seconds(15))
        holder.release()
        #expect(try rowCount(path) == "100001")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
