import CacheKeyIndex
import GraphQLCache
import Synchronization

/// The cache's key listing behind a lock of its own, beside the connection's.
///
/// Why: the listing is memory, yet it lived under the connection's mutex, so the explorer's
/// page of keys for a frame waited for whatever call held the connection. During a delete of
/// 100,000 records a key press made three or four such waits (a page, a count, the selected
/// record), each behind one chunk of the delete, and took up to 127 ms to answer. Now, while
/// this process's own call holds the connection, the UI's page and count come from the
/// listing as it stands (`SQLiteNormalizedCache.withConnection(whileHeld:_:)`).
///
/// Lock order: the connection's mutex first, then this one; a holder of this lock never takes
/// the connection's.
package final class KeyListingLock: Sendable {
    private let listing = Mutex(KeyListing())

    package init() {}

    package func withLock<T>(_ body: (inout sending KeyListing) throws -> sending T) rethrows -> sending T {
        try listing.withLock { listing throws -> sending T in try body(&listing) }
    }

    /// A page as the listing stands (`KeyListing.pageInMemory`) for `withConnection`'s
    /// `whileHeld`: nil, without waiting, when another thread holds the listing.
    func pageWithoutWaiting(_ range: Range<Int>, filter: String?) -> sending ([CacheKey], KeySort?)? {
        withLockIfAvailable { listing -> sending ([CacheKey], KeySort?)? in listing.pageInMemory(range, filter: filter).map { ($0, nil) } }
    }

    /// How many keys are listed, as `pageWithoutWaiting`.
    func countWithoutWaiting() -> sending (Int, KeySort?)? {
        withLockIfAvailable { listing -> sending (Int, KeySort?)? in listing.countInMemory.map { ($0, nil) } }
    }

    /// `body` on the listing unless another thread holds it (then nil, without waiting).
    func withLockIfAvailable<T>(_ body: (inout sending KeyListing) -> sending T?) -> sending T? {
        listing.withLockIfAvailable { listing -> sending T? in body(&listing) } ?? nil
    }
}
