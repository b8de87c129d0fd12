import Foundation

/// A thread of its own that runs blocks one at a time at a lower CPU priority than the screen's
/// thread (a nice value of at least `nice`, 10 unless told, which only applies to this thread).
///
/// Why: on a machine with two cores, an app rewriting 100,000 rows keeps one busy, and the
/// change-poll reading what it wrote kept the other; a key press then waited for a core
/// (the screen's thread runnable, not running) for up to a tenth of a second: on Linux a
/// dispatch queue's threads are niced by quality of service, and `userInitiated` work ran at -2
/// (where permitted), before the screen's thread at 0. With the poll at 10, the scheduler runs
/// the screen's thread first. A dispatch queue cannot be niced: its threads are shared, and a
/// thread's nice value cannot be lowered back without privileges.
final class LowPriorityThread: @unchecked Sendable {
    /// The nice value of a thread whose work should wait for the screen's (polls, the log).
    static let nice: Int32 = 10
    /// The lowest: for work that should wait for any other, even the user's background work.
    static let lowest: Int32 = 19

    private let condition = NSCondition()
    private var blocks: [@Sendable () -> Void] = []
    private var stopped = false

    private let niceValue: Int32

    /// Starts the thread, at nice value `nice`; it keeps itself until `stop()`.
    init(name: String, nice: Int32 = LowPriorityThread.nice) {
        niceValue = nice
        let worker = Thread { [self] in run() }
        worker.name = name
        worker.start()
    }

    /// Runs `block` after the blocks given before it.
    func async(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        blocks.append(block)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the blocks given so far have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        // On Linux a nice value belongs to a thread, and `who` 0 is the calling one. A process
        // started nicer than this keeps its own value.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        if getpriority(which, 0) < niceValue { _ = setpriority(which, 0, niceValue) }
        while true {
            condition.lock()
            while blocks.isEmpty && !stopped { condition.wait() }
            if blocks.isEmpty { condition.unlock(); return }
            let block = blocks.removeFirst()
            condition.unlock()
            block()
        }
    }
}
