import Dispatch

/// Lets go of a value on a background queue rather than on the thread that is done with it.
///
/// Why: freeing the explorer's record view of `QUERY_ROOT` on a big cache (a list of 1,000,000
/// references, each a value to destroy) took 20–35 ms, all of it in the first key pressed after
/// that record was shown; a delete of 100,000 rows a watch had read freed the bytes the SQLite
/// cache kept of each inside the delete. The value is not used again; only its memory is given
/// back later.
package enum ReleasedInBackground {
    package static func drop<T>(_ value: consuming T) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.empty() }
    }

    /// Holds the value until the queue's block empties it. The block may end before `drop`
    /// returns, leaving the caller's reference to the box the last one: the value is therefore
    /// destroyed by `empty()` on the queue, never by whoever releases the box.
    private final class Box<Value>: @unchecked Sendable {
        private var value: Value?
        init(_ value: consuming Value) { self.value = value }
        /// Destroys the value here; only the queue's block calls it, once.
        func empty() { value = nil }
    }
}
