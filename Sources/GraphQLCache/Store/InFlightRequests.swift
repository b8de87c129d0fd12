import Synchronization

/// Identical requests under way share one transport call: the first caller (the leader) sends,
/// later callers with the same request (document, operation name, variables) wait for its
/// outcome instead of sending again, as Apollo's request deduplication does. Three watchers
/// refetching one query after a delete send one request.
///
/// A request counts as under way until its leader has *written* the answer, not merely received
/// it: a caller that read the cache before that write committed joins and gets the answer, and
/// one that comes after finds the cache filled. (Removing the entry when the answer arrived left
/// a gap in which a watcher that had just missed the cache sent the request a second time.)
///
/// The leader sends on its own task (no new task is started, so a busy cooperative pool cannot
/// leave the send unscheduled); the others wait on continuations it resumes.
final class InFlightRequests: Sendable {
    typealias Answer = Result<TransportResponse, GraphQLCacheError>

    /// What the waiters of a request get when its leader is done.
    enum Shared: Sendable {
        /// The server's answer, already written by the leader when its policy writes.
        case answer(Answer)
        /// The leader looked at the cache again after registering, found what it needed there
        /// and sent nothing: a waiter reads the cache again, or sends itself.
        case cacheFilled
    }

    private let waiting = Mutex<[GraphQLRequest: [CheckedContinuation<Shared?, Never>]]>([:])

    /// Joins an equal request under way and returns what its leader shares; or, when none is
    /// under way, registers the caller as the leader of `request` and returns nil. A leader
    /// must call `finish(_:sharing:)` once it is done, whatever happened.
    func join(_ request: GraphQLRequest) async -> Shared? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Shared?, Never>) in
            let led = waiting.withLock { waiting -> Bool in
                guard waiting[request] != nil else {
                    waiting[request] = []
                    return true
                }
                waiting[request]!.append(continuation)
                return false
            }
            if led { continuation.resume(returning: nil) }
        }
    }

    /// Ends the leader's turn: every waiter gets `shared`, and the next equal request is sent anew.
    func finish(_ request: GraphQLRequest, sharing shared: Shared) {
        let waiters = waiting.withLock { $0.removeValue(forKey: request) } ?? []
        for waiter in waiters { waiter.resume(returning: shared) }
    }

    /// How many callers wait for the leader of `request` (tests use it to know a join happened).
    func waiterCount(_ request: GraphQLRequest) -> Int {
        waiting.withLock { $0[request]?.count ?? 0 }
    }

}
