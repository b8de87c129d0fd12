import Dispatch

/// A value made on a thread of its own from the moment this is made, for a caller that has
/// other work meanwhile and takes the value when it needs it (the undo of a big delete finds
/// its rows' field names and sorts their keys for the listing while SQLite writes the rows).
/// Runs below the screen's thread (`utility`: on Linux `userInitiated` work is niced above it).
package final class WorkAhead<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the working thread before `done` is signalled; read after it.
    private var made: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .utility).async { [self] in
            made = work()
            done.signal()
        }
    }

    /// The value, waiting for it to be made; may be called again.
    package var value: Value {
        done.wait()
        defer { done.signal() }  // for the next call, which then need not wait
        return made!
    }
}
