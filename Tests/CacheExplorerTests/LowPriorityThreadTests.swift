@testable import CacheExplorer
import Dispatch
import Foundation
import Synchronization
import Testing

/// The change-poll's thread runs its blocks in order, below the caller's priority, and ends on
/// `stop()`; the caller's own priority is left alone.
@Suite struct LowPriorityThreadTests {
    @Test func blocksRunInOrderAtALowerPriorityOnAThreadOfTheirOwn() {
        let thread = LowPriorityThread(name: "test.poll")
        defer { thread.stop() }
        let seen = Mutex<[(Int, Int32)]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<5 {
            thread.async {
                errno = 0
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                seen.withLock { $0.append((index, nice)) }
                if index == 4 { done.signal() }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        let callerNice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let runs = seen.withLock { $0 }
        #expect(runs.map(\.0) == [0, 1, 2, 3, 4])
        #expect(runs.allSatisfy { $0.1 == max(callerNice, LowPriorityThread.nice) }, "\(runs) beside \(callerNice)")
        #expect(callerNice < LowPriorityThread.nice)
    }
}
