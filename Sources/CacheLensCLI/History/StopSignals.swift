import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM turned into a flag a loop checks, so that a long-running command
/// (`record`) finishes its current step and ends cleanly instead of dying mid-write. The
/// signals are delivered through dispatch sources, not a C handler: no global state.
final class StopSignals {
    /// Set from the signal sources' queue, read by the loop.
    private final class Flag: Sendable {
        let stopped = Mutex(false)
    }

    private let flag = Flag()
    private let sources: [any DispatchSourceSignal]

    /// Starts catching SIGINT and SIGTERM.
    init() {
        let flag = self.flag
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { flag.stopped.withLock { $0 = true } }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }

    /// Whether a stop signal arrived.
    var isStopped: Bool { flag.stopped.withLock { $0 } }
}
