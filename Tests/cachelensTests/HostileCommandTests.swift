import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// Findings 5, 8 and 10 of issue 15 through the real `cachelens` commands: output files are
/// never a FIFO or a device and keep their permissions, input paths that are FIFOs do not
/// block, and control characters from a cache reach the terminal escaped.
@Suite struct HostileCommandTests {
    private func cacheFile(_ directory: TemporaryDirectory, rows: [(String, String)]) throws -> String {
        let path = directory.path("cache.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: rows)
        return path
    }

    @Test(.timeLimit(.minutes(1)))
    func exportRefusesAFIFOAndADeviceWithoutBlocking() throws {
        let directory = try TemporaryDirectory()
        let cache = try cacheFile(directory, rows: [("A", #"{"x":1}"#)])
        let fifo = directory.path("out.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        let toFIFO = try CacheLensProcess.run(["export", cache, fifo])
        #expect(toFIFO.status != 0)
        #expect(toFIFO.stderr.contains("it is a FIFO (named pipe)"))
        #expect(FileKind(path: fifo) == .fifo)
        let toDevice = try CacheLensProcess.run(["export", cache, "/dev/null"])
        #expect(toDevice.status != 0)
        #expect(toDevice.stderr.contains("it is a device"))
    }

    @Test func exportKeepsThePermissionsOfTheFileItReplaces() throws {
        let directory = try TemporaryDirectory()
        let cache = try cacheFile(directory, rows: [("A", #"{"x":1}"#)])
        let out = directory.path("secret.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: out))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: out)
        let result = try CacheLensProcess.run(["export", cache, out])
        #expect(result.status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains(#""A""#))
    }

    @Test(.timeLimit(.minutes(1)), arguments: [["dump"], ["stats"], ["query", "-e", "{ a }"], ["import", "x.sqlite"]])
    func aFIFOGivenAsInputIsRefusedWithoutBlocking(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("input.sqlite")
        #expect(mkfifo(fifo, 0o644) == 0)
        let arguments = command.count > 1 && command[0] == "import"
            ? ["import", fifo, directory.path("x.sqlite")]
            : [command[0], fifo] + command.dropFirst()
        let result = try CacheLensProcess.run(arguments)
        #expect(result.status != 0, "\(arguments)")
        #expect(result.stderr.contains("FIFO"), "\(arguments): \(result.stderr)")
    }

    @Test func statsEscapesControlCharactersFromTheCache() throws {
        let directory = try TemporaryDirectory()
        let cache = try cacheFile(directory, rows: [("Evil:\u{1B}]0;pwned\u{7}", #"{"__typename":"T\u001b[31m","x":1}"#)])
        let result = try CacheLensProcess.run(["stats", cache])
        #expect(result.status == 0)
        #expect(!result.stdout.unicodeScalars.contains("\u{1B}"))
        #expect(result.stdout.contains(#"Evil:\x1B]0;pwned\x07"#))
        #expect(result.stdout.contains(#"T\x1B[31m"#))
    }

    @Test func theQueryMissReportEscapesControlCharactersFromTheCache() throws {
        let directory = try TemporaryDirectory()
        let cache = try cacheFile(directory, rows: [("QUERY_ROOT", #"{"hero":{"$reference":"Gone\u001b[2J"}}"#)])
        let result = try CacheLensProcess.run(["query", cache, "-e", "{ hero { name } }"])
        #expect(result.status != 0)
        #expect(!result.stderr.unicodeScalars.contains("\u{1B}"))
        #expect(result.stderr.contains(#"Gone\x1B[2J"#))
    }
}
