import GraphQLCache
import Dispatch
import Foundation
import Synchronization
import Testing

/// A value dropped in the background is freed on another thread than the caller's (the
/// screen's thread must not spend a key press freeing a record of a million references).
@Suite struct ReleasedInBackgroundTests {
    /// Where and whether a `Freed` was freed; outlives it.
    final class Witness: Sendable {
        let thread = Mutex<pthread_t?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    final class Freed: Sendable {
        let witness: Witness
        init(_ witness: Witness) { self.witness = witness }
        deinit {
            witness.thread.withLock { $0 = pthread_self() }
            witness.done.signal()
        }
    }

    @Test func theValueIsFreedOffTheCallersThread() {
        let witness = Witness()
        var value: Freed? = Freed(witness)
        ReleasedInBackground.drop(value.take())
        #expect(witness.done.wait(timeout: .now() + 10) == .success, "never freed")
        let freedOn = witness.thread.withLock { $0 }
        #expect(freedOn.map { pthread_equal($0, pthread_self()) == 0 } == true)
    }

    /// The queue's block may end before `drop` returns; the value must still not be freed by the
    /// caller letting go of its last reference then (a race CI met once in 1,296 tests).
    @Test func everyValueOfManyIsFreedOffTheCallersThread() {
        let witnesses = (0..<2_000).map { _ in Witness() }
        for witness in witnesses {
            var value: Freed? = Freed(witness)
            ReleasedInBackground.drop(value.take())
        }
        var freedHere = 0
        for witness in witnesses {
            #expect(witness.done.wait(timeout: .now() + 10) == .success, "never freed")
            let freedOn = witness.thread.withLock { $0 }
            if let freedOn, pthread_equal(freedOn, pthread_self()) != 0 { freedHere += 1 }
        }
        #expect(freedHere == 0, "\(freedHere) of \(witnesses.count) freed on the caller's thread")
    }
}
