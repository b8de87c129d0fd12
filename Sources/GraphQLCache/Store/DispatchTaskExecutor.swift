import Dispatch

/// Runs tasks on a dispatch queue of its own instead of the shared cooperative pool (a client's
/// fetches, the explorer's background reads).
///
/// A synchronous driver (the harness, a test) blocks a thread while it waits for a fetch; if
/// the fetch ran on the cooperative pool, whose width is the number of cores, a few such
/// waits could take every pool thread and the fetch would never run. A private queue always
/// gets a thread of its own.
package final class DispatchTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// An executor on a concurrent queue named `label`.
    public init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
