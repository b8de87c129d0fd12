import Dispatch
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request/response exchange with a precise deadline, a body size limit and task
/// cancellation. The body arrives through `HTTPSessionDelegate` piece by piece and is appended
/// to one buffer (linear in its size: the completion-handler API of swift-corelibs-foundation
/// copies the whole body on every piece, which made a 200 MB answer take minutes). Redirects
/// are not followed here: the 3xx answer is the outcome, and `HTTPNetworkTransport` decides.
///
/// Whichever comes first — the answer, the deadline, the size limit, the caller's cancellation
/// — settles the exchange exactly once and cancels the data task (unless the delegate has
/// already refused a redirect: the task then completes by itself, and cancelling it would trap
/// in swift-corelibs-foundation).
final class HTTPExchange: Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), GraphQLCacheError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionDataTask?
        var settled = false
        /// The delegate has answered a redirect: the task is about to complete by itself, and
        /// cancelling it now would make swift-corelibs-foundation trap (it takes the answer
        /// that is still on its way for a second one: `Received callback for HTTP redirection,
        /// but we're not waiting for it`).
        var answeringRedirect = false
        var response: HTTPURLResponse?
        var body = Data()
    }

    private let state = Mutex(State())
    private let describe: String
    private let limit: Int

    private init(describe: String, limit: Int) {
        self.describe = describe
        self.limit = limit
    }

    /// Sends `request` on `session` (whose delegate is `delegate`); `describe` names the
    /// request in error messages; a body over `limit` bytes fails with `.tooLarge`.
    static func run(_ request: URLRequest, on session: URLSession, delegate: HTTPSessionDelegate,
                    timeout: TimeInterval, limit: Int, describe: String) async -> Outcome {
        let exchange = HTTPExchange(describe: describe, limit: limit)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(request, on: session, delegate: delegate, timeout: timeout, continuation)
            }
        } onCancel: {
            exchange.settle(.failure(.network(.transport("\(describe) was cancelled"))))
        }
    }

    private func start(_ request: URLRequest, on session: URLSession, delegate: HTTPSessionDelegate,
                       timeout: TimeInterval, _ continuation: CheckedContinuation<Outcome, Never>) {
        let task = session.dataTask(with: request)
        delegate.register(self, for: task)
        let alreadySettled = state.withLock { state in
            state.continuation = continuation
            state.task = task
            return state.settled
        }
        guard !alreadySettled else {
            delegate.unregister(task)
            return continuation.resume(returning: .failure(.network(.transport("\(describe) was cancelled"))))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
            settle(.failure(.network(.timedOut("\(describe) got no answer within \(timeout) s"))))
        }
        task.resume()
    }

    /// The response head arrived: refuses a declared length over the limit at once.
    func received(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            settle(.failure(.network(.invalidResponse("\(describe) got an answer that is not an HTTP response"))))
            return false
        }
        if http.expectedContentLength > Int64(limit) {
            settle(.failure(.network(.tooLarge(limit: limit, describe))))
            return false
        }
        state.withLock { $0.response = http }
        return true
    }

    /// The task reached a redirect and its delegate is about to refuse it, so that the 3xx
    /// answer completes the task. False when the exchange is already settled: its task is
    /// cancelled, and an answer arriving after the cancellation would make Foundation trap.
    func answersRedirect() -> Bool {
        state.withLock { state in
            guard !state.settled else { return false }
            state.answeringRedirect = true
            return true
        }
    }

    /// A piece of the body arrived: appended, or the exchange fails when it passes the limit.
    func received(_ data: Data) {
        let tooLarge = state.withLock { state -> Bool in
            guard !state.settled else { return false }
            if state.body.count + data.count > limit { return true }
            state.body.append(data)
            return false
        }
        if tooLarge { settle(.failure(.network(.tooLarge(limit: limit, describe)))) }
    }

    /// The task ended: the body and response, or why there is none.
    func completed(_ response: URLResponse?, error: (any Error)?) {
        let (head, body) = state.withLock { state in (state.response, state.body) }
        if let error { return settle(.failure(.network(Self.failure(error, describe: describe)))) }
        guard let http = head ?? (response as? HTTPURLResponse) else {
            return settle(.failure(.network(.invalidResponse("\(describe) got an answer that is not an HTTP response"))))
        }
        settle(.success((body, http)))
    }

    /// Resumes the waiting caller with `outcome` unless the exchange is already settled.
    private func settle(_ outcome: Outcome) {
        let (continuation, task) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?) in
            guard !state.settled else { return (nil, nil) }
            state.settled = true
            state.body = Data()
            defer { state.continuation = nil; state.task = nil }
            return (state.continuation, state.answeringRedirect ? nil : state.task)
        }
        continuation?.resume(returning: outcome)
        if case .failure = outcome { task?.cancel() }
    }

    private static func failure(_ error: any Error, describe: String) -> NetworkFailure {
        if let error = error as? URLError, error.code == .timedOut {
            return .timedOut("\(describe) timed out: \(error.localizedDescription)")
        }
        if let error = error as? URLError {
            return .transport("\(describe) failed: \(error.localizedDescription) (URLError \(error.code.rawValue))")
        }
        return .transport("\(describe) failed: \(error)")
    }
}
