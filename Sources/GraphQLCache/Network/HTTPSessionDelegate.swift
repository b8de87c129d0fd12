import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate of `HTTPNetworkTransport`: hands each task's response head, body
/// pieces and completion to its `HTTPExchange`, and refuses every automatic redirect, so that
/// the transport sees the 3xx answer and decides itself (swift-corelibs-foundation would turn
/// a POST into a bodiless GET and re-send the request's headers to any host).
final class HTTPSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Mutex<[Int: HTTPExchange]>([:])

    func register(_ exchange: HTTPExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    func unregister(_ task: URLSessionTask) {
        _ = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func exchange(for task: URLSessionTask) -> HTTPExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // An exchange settled by its deadline or its caller has cancelled the task; answering
        // now would reach Foundation after the cancellation, which traps.
        guard exchange(for: task)?.answersRedirect() ?? true else { return }
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let allow = exchange(for: dataTask)?.received(response) ?? false
        completionHandler(allow ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.completed(task.response, error: error)
    }
}
