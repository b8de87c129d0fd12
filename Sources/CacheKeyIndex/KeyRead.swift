import Dispatch
import GraphQLCache
import Synchronization

/// A read of every key running in the background (`KeyListing.reading`): how far it got, who
/// wants to hear of it, and a way to wait for it or give it up.
///
/// Why: reading ten million keys took 2.6 s, all before the explorer's first frame. Now the
/// frame says how far the read got, and a caller that needs the keys at once waits for this
/// read instead of starting a second.
package final class KeyRead: Sendable {
    /// About how many keys there are.
    package let estimated: Int
    private let readSoFar = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let observers = Mutex<(list: [@Sendable (KeyReadProgress) -> Void], done: Bool)>(([], false))
    private let finished = DispatchSemaphore(value: 0)

    package init(estimated: Int) {
        self.estimated = estimated
    }

    /// How far the read got now.
    package var progress: KeyReadProgress {
        KeyReadProgress(read: readSoFar.load(ordering: .relaxed), estimated: estimated,
                        isDone: observers.withLock { $0.done })
    }

    /// Calls `observer` as the read goes on and once it ends (at once when it has ended).
    package func observe(_ observer: @escaping @Sendable (KeyReadProgress) -> Void) {
        let ended = observers.withLock { state -> Bool in
            if !state.done { state.list.append(observer) }
            return state.done
        }
        if ended { observer(progress) }
    }

    /// Notes `count` keys read and, unless this is the last count, tells the observers.
    package func advanced(to count: Int, isLast: Bool = false) {
        readSoFar.store(count, ordering: .relaxed)
        guard !isLast else { return }
        for observer in observers.withLock({ $0.list }) { observer(progress) }
    }

    /// Whether `cancel()` was called: the reader stops at its next look.
    package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Asks the read to stop (the keys changed meanwhile; its result would be stale).
    package func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Ends the read: tells the observers, then wakes every waiter, once. In that order, a
    /// waiter that goes on to look for news finds the observers' already posted.
    package func finish() {
        let list = observers.withLock { state -> [@Sendable (KeyReadProgress) -> Void] in
            defer { state = ([], true) }
            return state.done ? [] : state.list
        }
        for observer in list { observer(progress) }
        finished.signal()
    }

    /// Waits until `finish()` was called.
    package func wait() {
        finished.wait()
        finished.signal()
    }

    /// Waits at most `patience` for `finish()`; whether it was called.
    package func wait(atMost patience: Duration) -> Bool {
        let nanoseconds = Int(patience.components.seconds) * 1_000_000_000 + Int(patience.components.attoseconds / 1_000_000_000)
        guard finished.wait(timeout: .now() + .nanoseconds(max(0, nanoseconds))) == .success else { return false }
        finished.signal()
        return true
    }
}
