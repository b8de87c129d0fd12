import Dispatch
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request/response exchange with a precise deadline and task cancellation.
///
/// URLSession's own timeouts are whole seconds on Linux (a 0.5 s timeout fails at once), so the
/// deadline is kept here: whichever comes first — the answer, the deadline, the caller's
/// cancellation — settles the exchange exactly once and cancels the data task.
final class HTTPExchange: Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), NetworkError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionDataTask?
        var settled = false
    }

    private let state = Mutex(State())

    /// Sends `request` on `session`; `describe` names the request in error messages.
    static func run(_ request: URLRequest, on session: URLSession, timeout: TimeInterval,
                    describe: String) async -> Outcome {
        let exchange = HTTPExchange()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(request, on: session, timeout: timeout, describe: describe, continuation)
            }
        } onCancel: {
            exchange.settle(.failure(.transport("\(describe) was cancelled")))
        }
    }

    private func start(_ request: URLRequest, on session: URLSession, timeout: TimeInterval,
                       describe: String, _ continuation: CheckedContinuation<Outcome, Never>) {
        let task = session.dataTask(with: request) { [self] data, response, error in
            settle(Self.outcome(data, response, error, describe: describe))
        }
        let alreadySettled = state.withLock { state in
            state.continuation = continuation
            state.task = task
            return state.settled
        }
        guard !alreadySettled else { return continuation.resume(returning: .failure(.transport("\(describe) was cancelled"))) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
            settle(.failure(.timedOut("\(describe) got no answer within \(timeout) s")))
        }
        task.resume()
    }

    /// Resumes the waiting caller with `outcome` unless the exchange is already settled.
    private func settle(_ outcome: Outcome) {
        let (continuation, task) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?) in
            guard !state.settled else { return (nil, nil) }
            state.settled = true
            defer { state.continuation = nil; state.task = nil }
            return (state.continuation, state.task)
        }
        continuation?.resume(returning: outcome)
        if case .failure = outcome { task?.cancel() }
    }

    private static func outcome(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?,
                                describe: String) -> Outcome {
        if let error = error as? URLError, error.code == .timedOut {
            return .failure(.timedOut("\(describe) timed out: \(error.localizedDescription)"))
        }
        if let error = error as? URLError {
            return .failure(.transport("\(describe) failed: \(error.localizedDescription) (URLError \(error.code.rawValue))"))
        }
        if let error { return .failure(.transport("\(describe) failed: \(error)")) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.invalidResponse("\(describe) got an answer that is not an HTTP response"))
        }
        return .success((data ?? Data(), http))
    }
}
