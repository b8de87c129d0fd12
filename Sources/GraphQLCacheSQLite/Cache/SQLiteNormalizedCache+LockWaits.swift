import GraphQLCache

/// The UI can say "waiting for the file's lock" and for how long (`LockWaitReporting`).
extension SQLiteNormalizedCache: LockWaitReporting {
    package var lockWaitElapsed: Duration? { lockWaits.elapsed }
    package var lockedFilePath: String? { path }
}

/// `busy` and `busyWithOwnWrite` are the errors that only say the call may pass later: another
/// process holds the lock, or this process's own write holds the connection.
extension SQLiteError: LockContention {
    package var isLockContention: Bool {
        switch self {
        case .busy, .busyWithOwnWrite: return true
        default: return false
        }
    }

    package var isOwnWork: Bool {
        if case .busyWithOwnWrite = self { return true }
        return false
    }
}
