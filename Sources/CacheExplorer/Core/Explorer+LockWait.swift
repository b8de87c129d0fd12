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

    /// A command whose read another process's lock refused (it would have waited behind this
    /// explorer's own call waiting for that lock), or this explorer's own background work
    /// (`deleting 100,000 records`) held past the UI's patience: the status line says which
    /// and names what to press again, rather than the command doing nothing. False for any
    /// other error.
    mutating func refusedForLock(_ error: any Error, again: String) -> Bool {
        guard let contention = error as? LockContention, contention.isLockContention else { return false }
        state.lockedOutReads = true
        let text = contention.isOwnWork
            ? "\(state.longWork?.label ?? "the explorer's background work") holds the file: \(again) again once it is done"
            : "another process holds the file's lock: \(again) again once it is released"
        state.message = StatusMessage(text, isError: true)
        return true
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
