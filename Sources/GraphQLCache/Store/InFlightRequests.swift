import Synchronization

/// Identical requests under way share one transport call: the first caller sends, later callers
/// with the same request (document, operation name, variables) wait for that answer instead of
/// sending again, as Apollo's request deduplication does. Three watchers refetching one query
/// after a delete send one request.
///
/// The first caller sends on its own task (no new task is started, so a busy cooperative pool
/// cannot leave the send unscheduled); the others wait on continuations it resumes.
final class InFlightRequests: Sendable {
    typealias Answer = Result<GraphQLResponse, NetworkError>

    private let waiting = Mutex<[GraphQLRequest: [CheckedContinuation<Answer?, Never>]]>([:])

    /// The answer to `request`: from the call already under way for an equal request, else from
    /// `send`, which this caller runs for everyone waiting. `sent` is called only when it does.
    func answer(_ request: GraphQLRequest, sent: () -> Void, send: () async -> Answer) async -> Answer {
        // One look under the lock: join the call under way, or become the one that sends.
        let shared: Answer? = await withCheckedContinuation { continuation in
            let joined = waiting.withLock { waiting -> Bool in
                guard waiting[request] != nil else {
                    waiting[request] = []
                    return false
                }
                waiting[request]!.append(continuation)
                return true
            }
            if !joined { continuation.resume(returning: nil) }
        }
        if let shared { return shared }
        sent()
        let answer = await send()
        let waiters = waiting.withLock { $0.removeValue(forKey: request) } ?? []
        for waiter in waiters { waiter.resume(returning: answer) }
        return answer
    }
}
