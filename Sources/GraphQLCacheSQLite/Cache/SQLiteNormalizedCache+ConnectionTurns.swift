import Foundation
import Synchronization

/// Whose turn it is at the cache's one connection: the explorer's UI thread (a caller where
/// lock waits are forbidden, `LockWaiting.forbidden`) goes before background work.
///
/// Why: the connection's mutex is not fair. A background delete of 100,000 records makes one
/// short call after another (a load of 2,048 rows, then a removal per row) and takes the mutex
/// straight back after each, so the UI's read for a frame, trying between them, waited 143 ms
/// (20,000 records) to 623 ms (100,000) per key. Background callers now step aside while the
/// UI waits: the UI waits for at most the one call under way.
final class ConnectionTurns: Sendable {
    private let uiWaiting = Atomic<Int>(0)

    /// Longest a background caller steps aside for one UI wait that does not end (a read
    /// refused for another process's lock ends at once; this only bounds a stuck UI).
    static let longestStepAside: Duration = .milliseconds(100)

    /// The UI starts trying for the connection; each call is paired with `uiStopsWaiting`.
    func uiStartsWaiting() { uiWaiting.add(1, ordering: .sequentiallyConsistent) }

    /// The UI got the connection or gave up.
    func uiStopsWaiting() { uiWaiting.subtract(1, ordering: .sequentiallyConsistent) }

    /// Called by a background caller before it takes the connection: waits while the UI waits.
    func letUIGoFirst() {
        guard uiWaiting.load(ordering: .sequentiallyConsistent) > 0 else { return }
        let start = ContinuousClock.now
        while uiWaiting.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now - start < Self.longestStepAside {
            usleep(50)
        }
    }
}
