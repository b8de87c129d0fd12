import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// Issue 25 through the real `cachelens` commands: torn files end with "malformed" (finding 4),
/// exports are one snapshot (11), a file replaced by rename is noticed by `poll` (3), two
/// harnesses creating one file both start (12), directories are clear errors (19), a hot
/// journal or WAL commits in a read-only folder are reported (5, 9).
@Suite struct HostileFileCommandTests {
    /// Runs `cachelens arguments`, as `nobody` when the tests run as root (root writes anywhere).
    private func runAsUser(_ arguments: [String]) throws -> (stdout: String, stderr: String, status: Int32) {
        guard geteuid() == 0 else { return try CacheLensProcess.run(arguments) }
        return try CacheLensProcess.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", CacheLensProcess.executable.path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    @Test(.timeLimit(.minutes(2)), arguments: [["dump"], ["export"], ["lint"], ["stats"]])
    func aTornFileEndsEveryScanAsMalformed(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("torn.sqlite")
        try TornFile.make(at: path)
        let output = command == ["export"] ? [directory.path("out.json")] : []
        let result = try CacheLensProcess.run(command + [path] + output)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("database disk image is malformed"), "\(result.stderr)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aTornFileEndsTheHarnessRecordsAndLintOps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("torn.sqlite")
        try TornFile.make(at: path)
        let input = #"{"id":1,"op":"records"}"# + "\n" + #"{"id":2,"op":"lint"}"# + "\n"
        let result = try CacheLensProcess.run(["harness", "--cache", path], input: input)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stdout) \(result.stderr)")
        for line in lines { #expect(line.contains("database disk image is malformed"), "\(line)") }
    }

    /// Two records committed together, and an app rewriting one with `INSERT OR REPLACE`
    /// (a new row id each time, as Apollo iOS writes), while `export` reads the file: the
    /// export shows both at one version and every record once.
    @Test func exportIsOneSnapshotWhileAnAppWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.sqlite")
        let rows = 30_000
        let filler = String(repeating: "z", count: 100)
        try SQLiteTestFile.apolloFile(
            at: path, rows: [("A", #"{"v":0}"#)] + (0..<rows).map { ("Item:\($0)", #"{"n":"\#(filler)"}"#) } + [("Z", #"{"v":0}"#)],
            extraSQL: "PRAGMA journal_mode=WAL;")
        let done = Atomic(false)
        let writer = Thread {
            var version = 1
            while !done.load(ordering: .relaxed) {
                try? SQLiteTestFile.run("""
                    BEGIN IMMEDIATE;
                    INSERT OR REPLACE INTO records (key, record) VALUES ('A', '{"v":\(version)}');
                    UPDATE records SET record = '{"v":\(version)}' WHERE key = 'Z';
                    COMMIT;
                    """, at: path)
                version += 1
            }
        }
        writer.start()
        defer { done.store(true, ordering: .relaxed) }
        for run in 0..<3 {
            let out = directory.path("out-\(run).json")
            let result = try CacheLensProcess.run(["export", path, out])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("wrote \(rows + 2) record(s)"), "\(result.stdout)")
            let records = try Snapshot.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))), source: out)
            #expect(records[CacheKey("A")]?["v"] == records[CacheKey("Z")]?["v"], "run \(run)")
        }
    }

    @Test(arguments: [".", "./", "..", "/"])
    func aDirectoryAsTheCachePathIsAClearError(spelling: String) throws {
        let directory = try TemporaryDirectory()
        let other = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: other, rows: [("A", "{}")])
        let operation = directory.path("op.graphql")
        try Data("{ a }".utf8).write(to: URL(fileURLWithPath: operation))
        for arguments in [["stats", spelling], ["dump", spelling], ["lint", spelling], ["check", spelling, operation]] {
            let result = try CacheLensProcess.run(arguments, directory: directory.url.path)
            #expect(result.status == 1, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("is a directory"), "\(arguments): \(result.stderr)")
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func twoHarnessesCreatingOneMissingFileBothStart() throws {
        let directory = try TemporaryDirectory()
        let input = #"{"id":1,"op":"merge","records":{"K":{"x":1}}}"# + "\n"
        for round in 0..<6 {
            let path = directory.path("new-\(round).sqlite")
            let failures = Mutex<[String]>([])
            let group = DispatchGroup()
            for _ in 0..<3 {
                DispatchQueue.global().async(group: group) {
                    do {
                        let result = try CacheLensProcess.run(["harness", "--cache", path, "--create"], input: input)
                        if result.status != 0 || !result.stdout.contains(#""ok":true"#) {
                            failures.withLock { $0.append(result.stderr + result.stdout) }
                        }
                    } catch { failures.withLock { $0.append("\(error)") } }
                }
            }
            group.wait()
            #expect(failures.withLock { $0 }.isEmpty, "round \(round)")
        }
    }

    @Test func aHotJournalInAReadOnlyFolderIsReported() throws {
        let directory = try TemporaryDirectory()
        let path = try SQLiteTestFile.hotJournalCopy(rows: 200, in: directory, name: "half.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path) }
        for command in ["stats", "dump", "lint"] {
            let result = try runAsUser([command, path])
            #expect(result.status == 1, "\(command): \(result.stdout.prefix(300)) \(result.stderr)")
            #expect(result.stderr.contains("hot journal"), "\(command): \(result.stderr)")
        }
    }

    @Test func aWALsCommittedRowsInAReadOnlyFolderAreReadOrReported() throws {
        let directory = try TemporaryDirectory()
        let path = try SQLiteTestFile.walCopy(committedInWAL: ["Committed:1", "Committed:2"], in: directory, name: "copy.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path) }
        let dump = try runAsUser(["dump", path])
        let shown = dump.status == 0 && dump.stdout.contains("Committed:2")
        let reported = dump.status == 1 && dump.stderr.contains("-wal")
        #expect(shown || reported, "\(dump.status): \(dump.stdout) \(dump.stderr)")
    }

    @Test(.timeLimit(.minutes(2)))
    func theHarnessPollNoticesAFileReplacedByRenameAndRefusesToWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let harness = try InteractiveHarness(["harness", "--cache", path, "--create"])
        #expect(harness.send(#"{"id":1,"op":"merge","records":{"Old:1":{"x":1}}}"#).contains(#""ok":true"#))
        let fresh = directory.path("fresh.sqlite")
        try SQLiteTestFile.apolloFile(at: fresh, rows: [("Fresh:1", #"{"x":1}"#)])
        #expect(rename(fresh, path) == 0)
        let poll = harness.send(#"{"id":2,"op":"poll"}"#)
        #expect(poll.contains(#""ok":false"#) && poll.contains("replaced"), "\(poll)")
        let merge = harness.send(#"{"id":3,"op":"merge","records":{"Lost:1":{"x":2}}}"#)
        #expect(merge.contains(#""ok":false"#) && merge.contains("replaced"), "\(merge)")
        harness.finish()
        let keys = try SQLiteTestFile.scalar("SELECT group_concat(key) FROM records", at: path) ?? ""
        #expect(!keys.contains("Lost:1"), "\(keys)")
    }
}

/// A harness process driven one line at a time: each `send` waits for the answer line.
final class InteractiveHarness {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(_ arguments: [String]) throws {
        process.executableURL = CacheLensProcess.executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Writes `line` and returns the next line the harness answers (empty when it ended).
    func send(_ line: String) -> String {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return "" }
        let answer = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...end)
        return answer
    }

    /// Closes standard input and waits for the harness to exit.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// Issue 25, finding 15: invisible characters in keys and values are shown as escapes by
/// `lint` and `dump`, so that two keys never look the same.
@Suite struct InvisibleCharacterCommandTests {
    @Test func lintShowsInvisibleCharactersInKeysAsEscapes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"a":{"$reference":"Gone\#u{200B}:1"}}"#),
            ("evil\u{202E}txt", #"{"__typename":"T","x":1}"#),
        ])
        let result = try CacheLensProcess.run(["lint", path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.contains(#"Gone\u{200B}:1"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"evil\u{202E}txt"#), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x200B || $0.value == 0x202E })
    }

    @Test func dumpWritesInvisibleCharactersAsJSONEscapesThatReadBackAsTheSameKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A\u{200B}B", #"{"v":"x\#u{2028}y"}"#), ("AB", #"{"v":1}"#)])
        let result = try CacheLensProcess.run(["dump", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""A\u200BB""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""x\u2028y""#), "\(result.stdout)")
        let records = try Snapshot.decode(Array(result.stdout.utf8), source: "dump")
        #expect(records[CacheKey("A\u{200B}B")]?["v"] == .string("x\u{2028}y"))
    }
}
