import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A single-purpose HTTP/1.1 server on 127.0.0.1, for the transport tests (the HTTP transport's
/// own, and `cachelens harness --transport URL` end to end) and the bench's `network` figures:
/// bound to port 0, it serves connections one at a time on its own thread (`Connection: close`),
/// records each request when asked and answers with `respond`. It stops by itself after
/// `lifetime` seconds or `maximumConnections` connections, and at `stop()`.
public final class LoopbackHTTPServer: Sendable {
    /// What the server does with one request.
    public enum Reply: Sendable {
        case answer(status: Int, contentType: String, body: String)
        /// A `200` with these bytes as `application/json`, sent as they are (the bench's fixed
        /// answer: no text is converted per request).
        case json(bytes: [UInt8])
        /// Reads the request and never answers, until the client hangs up or the server stops.
        case silence
        /// Waits `after` seconds, then answers `status` (a 3xx) with `Location: location` and an
        /// empty body: a redirect chain, slow or to another scheme.
        case redirect(status: Int, location: String, after: Double)
    }

    /// A request as the server read it; header names are lower-cased.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]
        public var body: String
    }

    /// The socket could not be set up (the message has errno).
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The port the server listens on.
    public let port: Int
    private let listener: Int32
    private let state = Mutex(State())
    private let respond: @Sendable (Request) -> Reply
    private let recordsRequests: Bool

    private struct State {
        var requests: [Request] = []
        var stopped = false
    }

    /// Starts serving on its own thread; `respond` decides each answer. `recordsRequests: false`
    /// keeps `requests` empty, for servers that answer many requests (the bench).
    public init(lifetime: Double = 20, maximumConnections: Int = 8, recordsRequests: Bool = true,
                respond: @escaping @Sendable (Request) -> Reply) throws {
        let (descriptor, port) = try Self.bindLoopback(listen: true)
        listener = descriptor
        self.port = port
        self.respond = respond
        self.recordsRequests = recordsRequests
        let deadline = lifetime.isFinite ? Date().addingTimeInterval(lifetime) : .distantFuture
        let thread = Thread { [self] in serve(until: deadline, maximumConnections: maximumConnections) }
        thread.start()
    }

    /// `http://127.0.0.1:PORT/graphql`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    /// Every request read so far, oldest first.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Stops serving (the listening socket closes when the serving thread notices).
    public func stop() { state.withLock { $0.stopped = true } }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    /// A socket bound to 127.0.0.1 on a free port; listening when `listen` is true. A bound
    /// socket that does not listen refuses connections, which makes a refused port that no
    /// other process can take while the test runs.
    public static func bindLoopback(listen shouldListen: Bool) throws -> (Int32, Int) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SetupError(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound, !shouldListen || listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw SetupError(description: "bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func serve(until deadline: Date, maximumConnections: Int) {
        defer { close(listener) }
        var served = 0
        while served < maximumConnections, !isStopped, Date() < deadline {
            guard Self.waitReadable(listener, milliseconds: 50) else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            served += 1
            handle(connection, until: deadline)
            close(connection)
        }
    }

    private func handle(_ connection: Int32, until deadline: Date) {
        guard let request = read(connection, until: deadline) else { return }
        if recordsRequests { state.withLock { $0.requests.append(request) } }
        switch respond(request) {
        case .answer(let status, let contentType, let body):
            let payload = Array(body.utf8)
            let head = "HTTP/1.1 \(status) Status\r\nContent-Type: \(contentType)\r\n"
                + "Content-Length: \(payload.count)\r\nConnection: close\r\n\r\n"
            write(connection, Array(head.utf8) + payload)
        case .json(let bytes):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
            write(connection, Array(head.utf8) + bytes)
        case .redirect(let status, let location, let delay):
            if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
            let head = "HTTP/1.1 \(status) Redirect\r\nLocation: \(location)\r\n"
                + "Content-Length: 0\r\nConnection: close\r\n\r\n"
            write(connection, Array(head.utf8))
        case .silence:
            var scratch = [UInt8](repeating: 0, count: 512)
            while !isStopped, Date() < deadline {
                guard Self.waitReadable(connection, milliseconds: 50) else { continue }
                if recv(connection, &scratch, scratch.count, 0) <= 0 { return }
            }
        }
    }

    /// Reads the head and a `Content-Length` body; nil if the client goes away first.
    private func read(_ connection: Int32, until deadline: Date) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline, !isStopped {
            if let request = Self.parse(buffer) { return request }
            guard Self.waitReadable(connection, milliseconds: 50) else { continue }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
        return nil
    }

    static func parse(_ buffer: [UInt8]) -> Request? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = buffer.indices.first(where: { buffer[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: buffer[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let bodyStart = headEnd + separator.count
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard buffer.count - bodyStart >= length else { return nil }
        return Request(method: requestLine.first.map(String.init) ?? "",
                       path: requestLine.dropFirst().first.map(String.init) ?? "",
                       headers: headers,
                       body: String(decoding: buffer[bodyStart..<(bodyStart + length)], as: UTF8.self))
    }

    private func write(_ connection: Int32, _ bytes: [UInt8]) {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    private static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }
}
