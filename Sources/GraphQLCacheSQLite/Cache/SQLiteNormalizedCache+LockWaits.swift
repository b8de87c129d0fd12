import GraphQLCache

/// The UI can say "waiting for the file's lock" and for how long (`LockWaitReporting`).
extension SQLiteNormalizedCache: LockWaitReporting {
    package var lockWaitElapsed: Duration? { lockWaits.elapsed }
    package var lockedFilePath: String? { path }
}

/// `busy` is the one error that only says another process holds the lock.
extension SQLiteError: LockContention {
    package var isLockContention: Bool {
        if case .busy = self { return true }
        return false
    }

    package var isOwnWork: Bool {
        if case .busy(_, let message) = self { return message == SQLiteNormalizedCache.ownWorkMessage }
        return false
    }
}
