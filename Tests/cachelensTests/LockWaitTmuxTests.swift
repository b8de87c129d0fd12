import CacheTestSupport
import Foundation
import Testing

/// Issue 27, "never frozen", in the real explorer under tmux: while another process holds the
/// file's exclusive lock, keys are answered and the status line says the explorer waits.
@Suite(.serialized) struct LockWaitTmuxTests {
    private func explore(_ path: String) throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore", path], size: (width: 100, height: 24))
    }

    /// A file of `Lock:1` ("first") and `Lock:2` ("second"), open in the explorer at `Lock:1`.
    private func exploreTwoRecords(in directory: TemporaryDirectory) throws -> (path: String, session: TmuxSession) {
        let path = directory.path("held.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Lock:1", #"{"word":"first"}"#), ("Lock:2", #"{"word":"second"}"#)])
        let session = try explore(path)
        do { try session.waitFor("Lock:1", "first") } catch { session.shutDown(); throw error }
        return (path, session)
    }

    @Test func keysAreAnsweredWhileAnotherProcessHoldsTheLock() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (path, session) = try exploreTwoRecords(in: directory)
        defer { session.shutDown() }
        let holder = try LockHolder(path: path)
        let clock = ContinuousClock()
        let held = clock.now
        try session.waitFor("waiting for the file's lock", timeout: .seconds(3))
        // The line names the process holding the lock (`/proc/locks`, `/proc/PID/comm`).
        try session.waitFor("waiting for the file's lock (sqlite3)", timeout: .seconds(3))
        // `?` opens help and Esc closes it while the lock is held.
        try session.keys("?")
        try session.waitFor("Help ·", "waiting for the file's lock", timeout: .seconds(2))
        try session.keys("Escape")
        try session.waitUntil("help closed", timeout: .seconds(2)) { !$0.contains("Help ·") }
        // `j` moves to Lock:2: its record is read once the lock is gone.
        try session.keys("j")
        try session.waitFor("waiting for the file's lock", timeout: .seconds(2))
        #expect(clock.now - held < .seconds(5), "keys took \(clock.now - held) while the lock was held")
        holder.release()
        try session.waitFor("second", timeout: .seconds(5))
        try session.waitUntil("waiting line gone", timeout: .seconds(3)) { !$0.contains("waiting for the file's lock") }
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func aDeleteMadeWhileAnotherProcessHoldsTheLockWaitsForIt() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (path, session) = try exploreTwoRecords(in: directory)
        defer { session.shutDown() }
        let holder = try LockHolder(path: path)
        try session.waitFor("waiting for the file's lock", timeout: .seconds(3))
        try session.keys("d")
        try session.waitFor("References to it will dangle", timeout: .seconds(2))
        try session.keys("y")
        try session.waitFor("deleting 1 record: waiting for the file's lock", timeout: .seconds(2))
        holder.release()
        try session.waitFor("deleted Lock:1", timeout: .seconds(5))
        #expect(try SQLiteTestFile.scalar("SELECT count(*) FROM records;", at: path) == "1")
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    /// An edit refused by the lock is not an error in the dialog: it waits for the lock in the
    /// background, the waiting line naming it, and is written when the lock is gone.
    @Test func anEditMadeWhileAnotherProcessHoldsTheLockWaitsForIt() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let (path, session) = try exploreTwoRecords(in: directory)
        defer { session.shutDown() }
        try session.keys("Enter")
        let holder = try LockHolder(path: path)
        try session.waitFor("waiting for the file's lock", timeout: .seconds(3))
        try session.keys("e", "C-u")
        try session.type("third")
        try session.keys("Enter")
        try session.waitFor("writing Lock:1.word: waiting for the file's lock", timeout: .seconds(3))
        holder.release()
        try session.waitFor(#"Lock:1.word = "third""#, timeout: .seconds(5))
        #expect(try SQLiteTestFile.scalar("SELECT record FROM records WHERE key = 'Lock:1';", at: path)?.contains("third") == true)
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test(arguments: ["q", "Q"])
    func quitsWhileAnotherProcessHoldsTheLock(key: String) throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = directory.path("held.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Lock:1", #"{"word":"first"}"#)])
        let session = try explore(path)
        defer { session.shutDown() }
        try session.waitFor("Lock:1")
        let holder = try LockHolder(path: path)
        defer { holder.release() }
        try session.waitFor("waiting for the file's lock", timeout: .seconds(3))
        let clock = ContinuousClock()
        let start = clock.now
        try session.keys(key)
        #expect(try session.waitForExit(timeout: .seconds(5)))
        #expect(clock.now - start < .seconds(1), "\(key) took \(clock.now - start) while the lock was held")
    }
}
