#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Many readers or one writer, for `CacheStore`'s transactions.
///
/// `Synchronization.Mutex` is exclusive, which would serialize every read; a POSIX read-write
/// lock lets reads run in parallel. On Linux the lock prefers writers, so a steady stream of
/// readers cannot starve a write transaction. The lock is not recursive: a transaction must not
/// open another transaction on the same store. When the system detects such nesting (a thread
/// that holds the write lock asking again), the call throws `GraphQLCacheError.nestedTransaction`
/// instead of running unlocked.
final class ReadWriteLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        #if canImport(Glibc)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        #endif
        pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` holding the lock shared with other readers.
    func withReadLock<T>(_ body: () throws -> T) throws -> T {
        guard pthread_rwlock_rdlock(lock) == 0 else { throw GraphQLCacheError.nestedTransaction }
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    /// Runs `body` holding the lock alone.
    func withWriteLock<T>(_ body: () throws -> T) throws -> T {
        guard pthread_rwlock_wrlock(lock) == 0 else { throw GraphQLCacheError.nestedTransaction }
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }
}
