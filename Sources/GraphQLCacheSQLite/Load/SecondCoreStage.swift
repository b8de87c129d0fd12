import Dispatch
import Synchronization

/// Work on pages a scan hands over, done on a second thread in the order handed over while the
/// scanning thread reads the next page from SQLite: what a page needs of the file is copied
/// out first, so the work needs nothing of the connection.
///
/// Why: `cachelens stats` and `lint` spent half their time checking each row's text, which
/// overlaps the reading of the next rows instead of following it. At most `inFlight` pieces of
/// work wait or run, so memory stays a few pages however big the file; with no free core the
/// scan costs about what it would on one thread plus the copy.
final class SecondCoreStage: Sendable {
    private let queue = DispatchQueue(label: "CacheLens.SecondCoreStage", qos: .userInitiated)
    private let room: DispatchSemaphore

    init(inFlight: Int = 2) {
        room = DispatchSemaphore(value: inFlight)
    }

    /// Runs `work` after the work handed over before it, waiting while `inFlight` are ahead.
    func submit(_ work: @escaping @Sendable () -> Void) {
        room.wait()
        queue.async { [self] in
            work()
            room.signal()
        }
    }

    /// `submit`, for work whose result the scanning thread takes back (`Handed.take`).
    func submit<Result: Sendable>(returning work: @escaping @Sendable () -> Result) -> Handed<Result> {
        let handed = Handed<Result>()
        submit { handed.fulfil(work()) }
        return handed
    }

    /// Waits until all work handed over is done: call before reading what the work gathered,
    /// and before leaving the scan, even when it fails.
    func finish() {
        queue.sync {}
    }

    /// The result of work handed to the second thread, once it is done.
    final class Handed<Result: Sendable>: Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let result = Mutex<Result?>(nil)

        fileprivate func fulfil(_ value: Result) {
            result.withLock { $0 = value }
            done.signal()
        }

        /// The result, waiting for it; call once.
        func take() -> Result {
            done.wait()
            return result.withLock { $0.take()! }
        }
    }
}

/// A value behind a lock, shared by reference between the scanning thread and the second one.
final class Locked<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
}
