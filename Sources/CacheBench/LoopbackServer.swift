import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for the `network` figures: every request, whatever it
/// asks, gets the same fixed `200` body, so that a fetch over HTTP is measured against a real
/// socket without a server's own work in the figure. One connection at a time, on its own
/// thread, `Connection: close`; it stops at `stop()` (or when released).
final class LoopbackServer: Sendable {
    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let response: [UInt8]
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts serving `body` (as `application/json`) on a free port of 127.0.0.1.
    init(body: [UInt8]) throws {
        (listener, port) = try Self.listen()
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        response = Array(head.utf8) + body
        Thread { [self] in serve() }.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT/graphql`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)/graphql")! }

    /// Stops serving and waits until the listening socket is closed.
    func stop() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        finished.wait()
    }

    private static func listen() throws -> (Int32, Int) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw BenchmarkError("socket() failed: errno \(errno)") }
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
        guard bound, Glibc.listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw BenchmarkError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func serve() {
        defer {
            close(listener)
            finished.signal()
        }
        while !stopped.load(ordering: .acquiring) {
            guard Self.waitReadable(listener, milliseconds: 20) else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            if readRequest(connection) { write(connection) }
            close(connection)
        }
    }

    /// Reads the request head and its `Content-Length` body; false if the client went away.
    private func readRequest(_ connection: Int32) -> Bool {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let separator: [UInt8] = [13, 10, 13, 10]
        while !stopped.load(ordering: .relaxed) {
            if let headEnd = buffer.firstRange(of: separator)?.lowerBound {
                let head = String(decoding: buffer[..<headEnd], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count - headEnd - separator.count >= length { return true }
            }
            guard Self.waitReadable(connection, milliseconds: 20) else { continue }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
        }
        return false
    }

    private func write(_ connection: Int32) {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < response.count {
            let sent = response[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    private static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }
}
