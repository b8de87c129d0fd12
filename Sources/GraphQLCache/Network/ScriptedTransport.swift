import Synchronization

/// A transport that answers from a queue of canned responses and failures, first in first out,
/// and records every request it is sent. Tests and the harness (`respond` op) use it to play a
/// server deterministically. Thread-safe.
public final class ScriptedTransport: NetworkTransport {
    private enum Reply: Sendable {
        case response(TransportResponse)
        case failure(String)
    }

    private struct State: Sendable {
        var queue: [Reply] = []
        var requests: [GraphQLRequest] = []
    }

    private let state = Mutex(State())

    /// An empty transport: with nothing queued, `send` fails with `.noScriptedResponse`.
    public init() {}

    /// Queues `response` as the answer to a later request.
    public func enqueue(_ response: TransportResponse) {
        state.withLock { $0.queue.append(.response(response)) }
    }

    /// Queues a failure: the request it answers throws `NetworkFailure.scripted(message)`.
    public func enqueueFailure(_ message: String) {
        state.withLock { $0.queue.append(.failure(message)) }
    }

    /// Records `request` and answers with the oldest queued reply.
    public func send(_ request: GraphQLRequest) async throws(GraphQLCacheError) -> TransportResponse {
        let reply: Reply? = state.withLock { state in
            state.requests.append(request)
            return state.queue.isEmpty ? nil : state.queue.removeFirst()
        }
        switch reply {
        case nil: throw .network(.noScriptedResponse)
        case .response(let response)?: return response
        case .failure(let message)?: throw .network(.scripted(message))
        }
    }

    /// How many requests were sent, answered or not.
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// Every request sent, oldest first.
    public var requests: [GraphQLRequest] { state.withLock { $0.requests } }

    /// How many replies are still queued.
    public var pendingCount: Int { state.withLock { $0.queue.count } }
}
