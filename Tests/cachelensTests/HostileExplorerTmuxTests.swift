import CacheTestSupport
import Foundation
import Testing

/// Issue 25 in the real explorer under tmux: a change-poll never waits on another process's
/// write lock (finding 6), a `C` locale never drops letters (14), a file replaced by rename is
/// reported (3).
@Suite(.serialized) struct HostileExplorerTmuxTests {
    private func explore(_ path: String, environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(command: [CacheLensProcess.executable.path, "explore", path], size: (width: 100, height: 24),
                        environment: environment)
    }

    @Test func theUIStaysLiveAndSaysItIsWaitingWhileAnotherProcessHoldsTheLock() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Lock:1", #"{"x":1}"#), ("Lock:2", #"{"x":2}"#)])
        let session = try explore(path)
        defer { session.shutDown() }
        try session.waitFor("Lock:1")
        // Another process takes the exclusive lock of the rollback-journal file and keeps it.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [path]
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'held';\n".utf8))
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("held") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        try session.waitFor("waiting for the file's lock", timeout: .seconds(3))
        let clock = ContinuousClock()
        let start = clock.now
        try session.keys("Q")
        #expect(try session.waitForExit(timeout: .seconds(10)))
        #expect(clock.now - start < .seconds(2), "Q took \(clock.now - start) while the lock was held")
    }

    @Test func aCLocaleShowsEscapesInsteadOfDroppingLetters() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = directory.path("letters.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("\u{DC}n\u{EF}:1", "{}"), ("\u{DC}n\u{EE}:1", #"{"name":"Zo\#u{EB}"}"#)])
        let session = try explore(path, environment: ["LANG": "C", "LC_ALL": "C"])
        defer { session.shutDown() }
        try session.waitFor(#"\u{DC}n\u{EF}:1"#, #"\u{DC}n\u{EE}:1"#, #"Zo\u{EB}"#)
        try session.keys("Q")
        #expect(try session.waitForExit())
    }

    @Test func theExplorerSaysWhenItsFileWasReplacedByRename() throws {
        #expect(TmuxSession.isAvailable, "tmux is required (CI installs it)")
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Old:1", #"{"x":1}"#)])
        let session = try explore(path)
        defer { session.shutDown() }
        try session.waitFor("Old:1")
        let fresh = directory.path("fresh.sqlite")
        try SQLiteTestFile.apolloFile(at: fresh, rows: [("Fresh:1", #"{"x":1}"#)])
        #expect(rename(fresh, path) == 0)
        try session.waitFor("replaced", timeout: .seconds(3))
        try session.keys("Q")
        #expect(try session.waitForExit())
    }
}
