import Dispatch
import GraphQLCache
import Synchronization

/// Runs the scan of a command that reads every record (`BackgroundScan`) off the UI thread,
/// one at a time: starting another, or `stop`, stops the one under way at its next page
/// (`ScanProgress`), and its outcome is never posted. Progress and the outcome go to the
/// explorer's inbox.
final class ScanWork: Sendable {
    private let current = Mutex<(id: Int, progress: ScanProgress?)>((0, nil))
    private let running = DispatchGroup()

    /// Starts `scan` on another thread; returns the run's id.
    func start(_ scan: @escaping @Sendable () throws -> BackgroundScan.Outcome,
               post: @escaping @Sendable (Action) -> Void) -> Int {
        let id = current.withLock { current in
            current.progress?.stop()
            current.progress = nil
            current.id += 1
            return current.id
        }
        let reporting = ScanProgress { [self] fraction in
            if isCurrent(id) { post(.scanProgressed(id: id, fraction: fraction)) }
        }
        // Stopped at once when another run (or `stop`) came first meanwhile.
        current.withLock { if $0.id == id { $0.progress = reporting } else { reporting.stop() } }
        running.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { running.leave() }
            var outcome: BackgroundScan.Outcome
            while true {
                do {
                    outcome = try reporting.observing(scan)
                } catch {
                    outcome = .failed(BackgroundScan.Failure(error))
                }
                guard Self.waitsOn(outcome), isCurrent(id) else { break }
                _ = DispatchSemaphore(value: 0).wait(timeout: .now() + Self.lockRetryPause)
            }
            if isCurrent(id) { post(.scanFinished(id: id, outcome)) }
        }
        return id
    }

    /// Whether a scan that ended with `outcome` starts over: another process's lock (or this
    /// explorer's own write) kept it out past the busy timeout. It waits on, as `:find`'s
    /// slices do, and the status line names the lock's holder meanwhile; `Esc` stops it.
    ///
    /// Why: a scan refused by an app's lock ended with "`:lint` again once it is released",
    /// and the user had to watch for that and start a half-minute scan over by hand.
    static func waitsOn(_ outcome: BackgroundScan.Outcome) -> Bool {
        guard case .failed(let failure) = outcome, let contention = failure.error as? LockContention else { return false }
        return contention.isLockContention
    }

    /// The pause between two tries of a scan the lock kept out (each try waits for the lock
    /// as long as the busy timeout first).
    static let lockRetryPause = DispatchTimeInterval.milliseconds(50)

    /// Whether run `id` is still the one wanted.
    func isCurrent(_ id: Int) -> Bool { current.withLock { $0.id == id } }

    /// Stops the run under way (its outcome is not posted).
    func stop() {
        current.withLock { current in
            current.progress?.stop()
            current.progress = nil
            current.id += 1
        }
    }

    /// Waits until no scan runs (`Explorer.settle`).
    func waitUntilIdle() { running.wait() }
}
