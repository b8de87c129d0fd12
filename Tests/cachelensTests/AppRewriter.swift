import Foundation
import Testing

/// Another process (python3's sqlite3 module, not this package's code) acting as an app that
/// re-saves every `Item:` row of a SQLite file, in one transaction per pass, over and over:
/// even passes `UPDATE` the rows in place, odd ones `INSERT OR REPLACE` them (new rowids, as
/// an app deleting and re-inserting does). Pass `n` names item `i` `pass n item i`.
///
/// The test steers it through files in a control folder, never through timing: `hold()` makes
/// the next pass take the exclusive lock and keep it, rewritten but uncommitted, until
/// `letGo()`; `stop()` makes it write a last pass naming each item `rewritten item i` and exit.
final class AppRewriter {
    private let process = Process()
    private let control: URL

    /// The name `stop()`'s last pass gives item `index`.
    static func finalName(_ index: Int) -> String { "rewritten item \(index)" }

    /// The record `stop()`'s last pass writes for item `index`.
    static func finalRecord(_ index: Int) -> String { #"{"__typename":"Item","id":"\#(index)","name":"\#(finalName(index))"}"# }

    /// Starts rewriting the file at `path`; `control` is a folder of its own for the signals.
    init(path: String, control: URL) throws {
        self.control = control
        try FileManager.default.createDirectory(at: control, withIntermediateDirectories: true)
        let script = control.appendingPathComponent("rewriter.py")
        try Data(Self.script.utf8).write(to: script)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, path, control.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        stop()
        if process.isRunning { process.terminate() }
    }

    /// Passes committed so far.
    var passes: Int { Int(read("passes") ?? "") ?? 0 }

    /// Whether it holds the lock now (after `hold()`, until `letGo()`).
    var isHolding: Bool { read("holding") != nil }

    var isRunning: Bool { process.isRunning }

    func hold() { signal("hold") }
    func letGo() { try? FileManager.default.removeItem(at: control.appendingPathComponent("hold")) }
    func stop() { letGo(); signal("stop") }

    /// Waits until `condition` holds, looking every 2 ms; false if it did not within `timeout`.
    func waitUntil(timeout: Duration = .seconds(20), _ condition: (AppRewriter) -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if condition(self) { return true }
            usleep(2_000)
        }
        return condition(self)
    }

    /// Waits for the process to end after `stop()`; false if it is still running.
    func waitForExit(timeout: Duration = .seconds(20)) -> Bool { waitUntil(timeout: timeout) { !$0.isRunning } }

    /// A control file the app could not see would leave the test waiting for nothing: say so.
    private func signal(_ name: String) {
        if !FileManager.default.createFile(atPath: control.appendingPathComponent(name).path, contents: Data()) {
            Issue.record("could not write the app's control file \(name) in \(control.path)")
        }
    }

    private func read(_ name: String) -> String? {
        try? String(contentsOf: control.appendingPathComponent(name), encoding: .utf8)
    }

    /// The app. A pass rewrites every item row; it notes each commit in `passes` (written whole
    /// by a rename, so the test never reads half of it).
    private static let script = #"""
        import os, sqlite3, sys, time
        database, control = sys.argv[1], sys.argv[2]
        def signalled(name): return os.path.exists(os.path.join(control, name))
        def note(name, text):
            temporary = os.path.join(control, name + ".tmp")
            with open(temporary, "w") as f: f.write(text)
            os.replace(temporary, os.path.join(control, name))
        def forget(name):
            try: os.remove(os.path.join(control, name))
            except FileNotFoundError: pass
        RECORD = """'{"__typename":"Item","id":"' || substr(key, 6) || '","name":"' || ? || substr(key, 6) || '"}'"""
        UPDATE = "UPDATE records SET record = " + RECORD + " WHERE key LIKE 'Item:%'"
        REPLACE = "INSERT OR REPLACE INTO records (key, record) SELECT key, " + RECORD + " FROM records WHERE key LIKE 'Item:%'"
        db = sqlite3.connect(database, timeout=60, isolation_level=None)
        passes = 0
        while not signalled("stop"):
            holding = signalled("hold")
            db.execute("BEGIN EXCLUSIVE" if holding else "BEGIN IMMEDIATE")
            db.execute(UPDATE if passes % 2 == 0 else REPLACE, ("pass %d item " % passes,))
            if holding:
                note("holding", "1")
                while signalled("hold") and not signalled("stop"): time.sleep(0.005)
            db.execute("COMMIT")
            forget("holding")
            passes += 1
            note("passes", str(passes))
        db.execute("BEGIN IMMEDIATE")
        db.execute(REPLACE, ("rewritten item ",))
        db.execute("COMMIT")
        note("passes", str(passes + 1))
        """#
}
