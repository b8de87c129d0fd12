/// Commits by other processes, delivered as changes: the same notification as the store's own
/// writes (subscribers, then the watchers they touch), with origin `.external`.
extension CacheStore {
    /// Starts remembering the records read from the cache from now on, so that a later
    /// `pollExternalChanges()` can name what another process changed among them. Does nothing
    /// for a cache no other process can write (in memory).
    public func startTrackingExternalChanges() throws {
        try (cache as? ExternallyChangingCache)?.startTrackingExternalChanges()
    }

    /// Looks now for commits another process made to the cache's file and delivers what they
    /// changed, added or removed as one change (origin `.external`) to subscribers and the
    /// watchers it touches, before returning. Returns how many records were concerned (0 when
    /// the commits touched only records never read: nothing is delivered then), or nil when
    /// nobody else committed (always, for a cache no other process can write).
    /// `waitingForLocks: false` fails at once while another process holds a lock the look
    /// needs (the explorer's UI thread polls so, and looks again at its next tick).
    @discardableResult
    public func pollExternalChanges(waitingForLocks: Bool = true) throws -> Int? {
        guard let shared = cache as? ExternallyChangingCache else { return nil }
        let found = try lock.withWriteLock { () throws -> (change: CacheChange, recordCount: Int)? in
            let look = waitingForLocks ? shared.externalChanges : shared.externalChangesWithoutWaiting
            guard var found = try look() else { return nil }
            found.change.origin = .external
            if !found.change.isEmpty { dispatcher.post(found.change) }
            return found
        }
        dispatcher.drain()
        return found?.recordCount
    }
}
