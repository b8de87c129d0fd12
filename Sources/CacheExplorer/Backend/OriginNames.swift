import GraphQLCache
import Synchronization

/// What each writer of the explorer's store is called (`edit`, `delete`, `undo`,
/// `HeroFriends's fetch`), so that a watch can say which change woke it. One per backend;
/// the entries are a few words per user action.
final class OriginNames: Sendable {
    private let names = Mutex<[ChangeOrigin: String]>([:])
    /// Writers after whose changes a watch that misses does not refetch (`refetchesAfterMiss`).
    private let withoutRefetch = Mutex<Set<ChangeOrigin>>([])
    /// What the write log calls a writer where that differs from `names` (`fetch HeroFriends`).
    private let logNames = Mutex<[ChangeOrigin: String]>([:])

    /// Calls `origin` `name` from now on; unless `refetches`, a watch that misses after its
    /// change shows the miss rather than fetching again (the undo of what a fetch wrote).
    func name(_ origin: ChangeOrigin, _ name: String, refetches: Bool = true, inLog logName: String? = nil) {
        names.withLock { $0[origin] = name }
        if let logName { logNames.withLock { $0[origin] = logName } }
        if !refetches { withoutRefetch.withLock { _ = $0.insert(origin) } }
    }

    /// Whether a watch whose re-read misses after a change by `origin` may refetch.
    func refetchesAfterMiss(_ origin: ChangeOrigin?) -> Bool {
        guard let origin else { return true }
        return !withoutRefetch.withLock { $0.contains(origin) }
    }

    /// `external` for another process, the name given, else `another writer`.
    func describe(_ origin: ChangeOrigin?) -> String {
        guard let origin else { return "another writer" }
        if origin == .external { return "external" }
        return names.withLock { $0[origin] } ?? "another writer"
    }

    /// The write log's origin: `edit`, `delete`, `undo`, `fetch HeroFriends`, `external`.
    func logName(_ origin: ChangeOrigin?) -> String {
        if let origin, let name = logNames.withLock({ $0[origin] }) { return name }
        return describe(origin)
    }
}
