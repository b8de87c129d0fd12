import Dispatch

/// Lets go of a value on a background queue rather than on the screen's thread.
///
/// Why: freeing the record view of `QUERY_ROOT` on a big cache (a list of 1,000,000
/// references, each a value to destroy) took 20–35 ms, all of it in the first key pressed after
/// that record was shown. The value is not used again; only its memory is given back later.
package enum ReleasedInBackground {
    package static func drop<T>(_ value: consuming T) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(box) {} }
    }

    /// Holds the value until the queue's block ends; nothing reads it, on any thread.
    private final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
