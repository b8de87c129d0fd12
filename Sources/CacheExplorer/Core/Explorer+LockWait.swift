import GraphQLCache

/// Another process holds the file's lock: the explorer never waits for it on its UI thread
/// (`ExplorerLoop.run`). The status line says how long the file has been locked, `Esc` stops
/// what waits for it (a background write rolls back, nothing half done), and the reads that
/// were refused meanwhile are made again once it is gone.
extension Explorer {
    /// Takes the backend's word on the lock at each tick; when the lock is gone, reads again
    /// what it kept out.
    mutating func noteLockWait() {
        let elapsed = backend.lockWaitElapsed
        state.lockWait = elapsed
        state.lockHolder = elapsed == nil ? nil : backend.lockHolderName
        guard elapsed == nil else { return }
        state.lockWaitDismissed = false
        if state.lockedOutReads {
            state.lockedOutReads = false
            refreshAfterChange()
        }
    }

    /// `Esc` while the waiting line shows: stops the background work waiting for the lock and
    /// hides the line until the lock is gone; false when nothing waits.
    mutating func stopWaitingForLock() -> Bool {
        guard state.lockWait != nil, !state.lockWaitDismissed else { return false }
        state.lockWaitDismissed = true
        let cancelled = cancelBackgroundWork()
        if !cancelled { inform("stopped waiting for the file's lock; what is shown may be stale until it is released") }
        return true
    }
}
