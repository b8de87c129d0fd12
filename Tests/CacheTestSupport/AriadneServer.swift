import Foundation

/// A real GraphQL server process for network tests: `Tests/Servers/ariadne_server.py`
/// (Ariadne on graphql-core, under the standard library's WSGI server) on a free 127.0.0.1 port.
/// The process stops when its standard input closes, which happens when the test process ends,
/// so it never outlives the tests. One server serves every test of a run.
public final class AriadneServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let base: URL
    private let process: Process
    private let input: Pipe

    private init(base: URL, process: Process, input: Pipe) {
        self.base = base
        self.process = process
        self.input = input
    }

    /// The GraphQL endpoint.
    public var graphQL: URL { base.appendingPathComponent("graphql") }

    /// A route of the server (`redirect/307`, `redirect-away/308`, …).
    public func url(_ path: String) -> URL { base.appendingPathComponent(path) }

    /// Why the server cannot run here (Python or the `ariadne` package missing), or nil.
    public static let unavailableReason: String? = {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import ariadne"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        do { try check.run() } catch { return "python3 cannot be started: \(error)" }
        check.waitUntilExit()
        return check.terminationStatus == 0 ? nil : "the Python package ariadne is not installed (pip install ariadne; .ci/run does it)"
    }()

    /// Whether the server can run here.
    public static var isAvailable: Bool { unavailableReason == nil }

    /// The run's one server, started on first use.
    public static let shared: Result<AriadneServer, any Error> = Result { try start() }

    /// Starts the server and waits for the port it prints.
    static func start() throws -> AriadneServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/ariadne_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text), let base = URL(string: "http://127.0.0.1:\(port)") else {
            process.terminate()
            throw ServerError(message: "ariadne_server.py printed \"\(text)\" instead of its port")
        }
        return AriadneServer(base: base, process: process, input: input)
    }

    /// Why the server did not start.
    public struct ServerError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
