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
///
/// A frame is a burst of the UI's calls (a page of keys, their records, the selected record,
/// the references it shows), and between two of them a background caller took the connection
/// again: each call of the burst waited for a whole chunk, five of them 20–33 ms in one key
/// press of a 100,000-record delete (147 ms). Background callers also step aside until the UI
/// has made no call for `uiBurstGapNanoseconds`, so that a frame waits for the call under way
/// once, not once per call.
///
/// While this process writes (`performAtomically`), the UI also stops waiting after
/// `uiPatience`: the commit of a 100,000-record delete holds the connection for 75–150 ms in
/// one call, and a key whose reads each waited for it took that long to answer. The read fails
/// as `busy`, the screen shows what it has, and the explorer reads again at its next tick.
/// While the change-poll looks at another process's commit, it stops waiting at once: the look
/// at an app's rewrite of 100,000 rows holds the connection for a quarter of a second in one
/// call (it copies the rows, and decodes them after; it held it for a second when it decoded), and
/// the screen's refresh at every turn of the loop waited `uiPatience` again for it. Reads (a
/// watch's, a scan's) are waited for as before: they end, and a refused read there would only
/// make the screen flicker.
final class ConnectionTurns: Sendable {
    private let uiWaiting = Atomic<Int>(0)
    /// Write transactions of this process under way (the store runs one at a time).
    private let openWrites = Atomic<Int>(0)
    /// Looks at other processes' commits under way (each holds the connection throughout).
    private let openLooks = Atomic<Int>(0)
    /// Slices of a search under way on reader connections of this cache (each holds the file's
    /// shared lock, which keeps a commit of this process's out until it ends).
    private let readerSlices = Atomic<Int>(0)
    /// When the UI last gave up (nanoseconds of `DispatchTime`), 0 for never.
    private let lastGiveUp = Atomic<UInt64>(0)
    /// When the UI's last call ended (nanoseconds of `DispatchTime`), 0 for never.
    private let lastUICall = Atomic<UInt64>(0)

    /// How long after the UI's last call background callers still step aside: the calls of one
    /// frame follow each other within microseconds; a key a frame leaves 15 ms between frames.
    static let uiBurstGapNanoseconds: UInt64 = 1_000_000

    /// Longest the UI waits for the connection while this process writes.
    static let uiPatience: Duration = .milliseconds(20)
    /// A read this soon after the UI gave up gives up at once when the connection is still
    /// held: the same frame's other reads would each wait `uiPatience` again for the same call.
    static let sameFrameNanoseconds: UInt64 = 5_000_000

    /// Longest a background caller steps aside for one UI wait that does not end (a read
    /// refused for another process's lock ends at once; this only bounds a stuck UI).
    static let longestStepAside: Duration = .milliseconds(100)

    /// The UI starts trying for the connection; each call is paired with `uiStopsWaiting`.
    func uiStartsWaiting() { uiWaiting.add(1, ordering: .sequentiallyConsistent) }

    /// The UI got the connection or gave up.
    func uiStopsWaiting() {
        lastUICall.store(DispatchTime.now().uptimeNanoseconds, ordering: .sequentiallyConsistent)
        uiWaiting.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Whether the UI is waiting, or made a call within `uiBurstGapNanoseconds` (its frame may
    /// make another).
    private var uiIsBusy: Bool {
        guard uiWaiting.load(ordering: .sequentiallyConsistent) == 0 else { return true }
        let last = lastUICall.load(ordering: .sequentiallyConsistent)
        return last != 0 && DispatchTime.now().uptimeNanoseconds &- last < Self.uiBurstGapNanoseconds
    }

    /// Called by a background caller before it takes the connection: waits while the UI waits
    /// or is in the middle of a frame's calls.
    func letUIGoFirst() {
        guard uiIsBusy else { return }
        let start = ContinuousClock.now
        while uiIsBusy, ContinuousClock.now - start < Self.longestStepAside {
            usleep(50)
        }
    }

    /// A write transaction of this process began or ended (`performAtomically`'s outermost).
    func writeBegan() { openWrites.add(1, ordering: .sequentiallyConsistent) }
    func writeEnded() { openWrites.subtract(1, ordering: .sequentiallyConsistent) }

    /// A slice on a reader connection began or ended.
    func readerSliceBegan() { readerSlices.add(1, ordering: .sequentiallyConsistent) }
    func readerSliceEnded() { readerSlices.subtract(1, ordering: .sequentiallyConsistent) }

    /// Whether a lock keeping the cache's connection out may be a reader's of this process.
    var readerMayHoldLock: Bool { readerSlices.load(ordering: .sequentiallyConsistent) > 0 }
    /// Whether a lock keeping a reader out may be this process's write.
    var writeMayHoldLock: Bool { openWrites.load(ordering: .sequentiallyConsistent) > 0 }

    /// A look at other processes' commits began or ended (`externalChanges`, once the file
    /// says someone committed): it reads and compares what they changed in one hold.
    func lookBegan() { openLooks.add(1, ordering: .sequentiallyConsistent) }
    func lookEnded() { openLooks.subtract(1, ordering: .sequentiallyConsistent) }

    /// Whether the UI, waiting since `start` for a connection held by someone else, stops
    /// waiting now: at once while the change-poll looks (it is the holder, from inside its
    /// hold); while this process writes, after `uiPatience` (at once when it gave up within the
    /// same frame). Notes the give-up.
    func uiGivesUp(waitingSince start: ContinuousClock.Instant) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if openLooks.load(ordering: .sequentiallyConsistent) > 0 {
            lastGiveUp.store(now, ordering: .sequentiallyConsistent)
            return true
        }
        guard openWrites.load(ordering: .sequentiallyConsistent) > 0 else { return false }
        let last = lastGiveUp.load(ordering: .sequentiallyConsistent)
        let recently = last != 0 && now - last < Self.sameFrameNanoseconds
        guard recently || ContinuousClock.now - start >= Self.uiPatience else { return false }
        lastGiveUp.store(now, ordering: .sequentiallyConsistent)
        return true
    }
}
