import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Cache files the user may not write: commands that write say so naming the file, commands
/// that read still work. Root may write a 0444 file, so as root the command runs as `nobody`
/// (setpriv) and meets the permission check a user meets.
@Suite struct ReadOnlyFileCommandTests {
    /// Runs `cachelens arguments`, as `nobody` when the tests run as root.
    private func runAsUser(_ arguments: [String], input: String = "") throws -> (stdout: String, stderr: String, status: Int32) {
        guard geteuid() == 0 else { return try CacheLensProcess.run(arguments, input: input) }
        return try CacheLensProcess.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", CacheLensProcess.executable.path] + arguments,
            input: input, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    @Test func aFileReadOnlyOnDiskIsAClearErrorForTheHarnessAndReadableByStats() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("locked.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Good:1", "{}")])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let writing = try runAsUser(["harness", "--cache", path], input: #"{"id":1,"op":"stats"}"# + "\n")
        #expect(writing.status != 0)
        #expect(writing.stderr.contains(path), "\(writing.stderr)")
        #expect(writing.stderr.lowercased().contains("read-only") || writing.stderr.lowercased().contains("readonly"),
                "\(writing.stderr)")
        let reading = try runAsUser(["stats", path])
        #expect(reading.status == 0, "\(reading.stderr)")
        #expect(reading.stdout.contains("records: 1"), "\(reading.stdout)")
    }

    /// A WAL cache copied somewhere read-only (no `-shm` can be made beside it) still dumps.
    @Test func aWALFileInAReadOnlyPlaceDumps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("device.sqlite")
        do {
            let cache = try SQLiteNormalizedCache(path: path)
            try cache.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("R2-D2")])]))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path) }
        let dump = try runAsUser(["dump", path])
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains(#""Droid:2001":{"name":"R2-D2"}"#), "\(dump.stdout)")
    }
}
