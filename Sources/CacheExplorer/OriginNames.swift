import GraphQLCache
import Synchronization

/// What each writer of the explorer's store is called (`edit`, `delete`, `undo`,
/// `HeroFriends's fetch`), so that a watch can say which change woke it. One per backend;
/// the entries are a few words per user action.
final class OriginNames: Sendable {
    private let names = Mutex<[ChangeOrigin: String]>([:])

    /// Calls `origin` `name` from now on.
    func name(_ origin: ChangeOrigin, _ name: String) {
        names.withLock { $0[origin] = name }
    }

    /// `external` for another process, the name given, else `another writer`.
    func describe(_ origin: ChangeOrigin?) -> String {
        guard let origin else { return "another writer" }
        if origin == .external { return "external" }
        return names.withLock { $0[origin] } ?? "another writer"
    }
}
