import GraphQLCache
import Synchronization

/// One watch of the explorer: a query kept live over the store.
///
/// It hears changes through the store's one notification path (an observation of what its last
/// read depended on) and does every read and fetch as background work, never on the thread that
/// committed the change (the UI's, for the user's own edits): a burst of changes while it reads
/// makes one more read, and `cancelRead()` stops a read under way. It reads the cache first;
/// on a miss, with a network, it fetches and writes the response itself, keeping the records as
/// they were, so that the explorer can say what the fetch wrote and undo it with the action that
/// caused it. Without a network it never sends anything.
final class LiveWatch: Sendable {
    /// What the watch does next.
    private enum Work: Sendable {
        /// Read the cache, after the change `cause` (nil: the first read).
        case read(cause: ChangeOrigin?)
        /// Go to the network now (the user asked), or read the cache without one.
        case refetch
    }

    private struct State: Sendable {
        var snapshot: WatchSnapshot
        var running: Int?
        var pending: Work?
    }

    let name: String
    let operation: GraphQLOperation
    private let client: GraphQLClient
    private let browsing: any BrowsableNormalizedCache
    private let usesNetwork: Bool
    /// Marks the watch's own writes, which it ignores.
    private let origin: ChangeOrigin
    private let work: WorkTracker
    private let state: Mutex<State>
    private let observation = Mutex<CacheObservation?>(nil)
    private let events: @Sendable (WatchWrite?) -> Void

    /// A watch of `operation` (`browsing` is the store's cache, for diagnosing misses); `events`
    /// hears of every new snapshot (nil) and of every write its fetches made. Call `start()` for
    /// the first read.
    init(name: String, document: String, variables: String, operation: GraphQLOperation, client: GraphQLClient,
         browsing: any BrowsableNormalizedCache, usesNetwork: Bool, work: WorkTracker,
         events: @escaping @Sendable (WatchWrite?) -> Void) {
        self.name = name
        self.operation = operation
        self.client = client
        self.browsing = browsing
        self.usesNetwork = usesNetwork
        self.work = work
        self.events = events
        origin = client.store.makeOrigin()
        var snapshot = WatchSnapshot(name: name, summary: Self.oneLine(document), source: "cache", updateCount: 0,
                                     lastChangedKeys: [], resultLines: ["(waiting for the first result)"], dependentRecords: [])
        snapshot.document = document
        snapshot.variables = variables
        snapshot.policy = (usesNetwork ? CachePolicy.returnCacheDataElseFetch : .returnCacheDataDontFetch).rawValue
        state = Mutex(State(snapshot: snapshot))
    }

    deinit { stop() }

    /// Starts listening and makes the first read.
    func start() {
        let observation = client.store.observe(fields: []) { [weak self] change in self?.storeDidChange(change) }
        self.observation.withLock { $0 = observation }
        schedule(.read(cause: nil))
    }

    /// Stops listening and cancels what is under way.
    func stop() {
        observation.withLock { $0 }?.cancel()
        _ = cancelRead()
    }

    var snapshot: WatchSnapshot { state.withLock { $0.snapshot } }

    /// Fetches again: from the network when the watch has one, else from the cache.
    func refetch() { schedule(.refetch) }

    /// Cancels the read or fetch under way (and one queued after it); true when there was one.
    func cancelRead() -> Bool {
        let running = state.withLock { state -> Int? in
            state.pending = nil
            return state.running
        }
        guard let running else { return false }
        return work.cancel(running)
    }

    /// A committed change touched what the last read depended on.
    private func storeDidChange(_ change: CacheChange) {
        guard change.origin != origin else { return }
        let depended = observation.withLock { $0 }?.fields ?? []
        let (small, large) = depended.count < change.affectedFields.count
            ? (depended, change.affectedFields) : (change.affectedFields, depended)
        let keys = small.filter(large.contains).map(\.description).sorted()
        state.withLock { $0.snapshot.lastChangedKeys = Array(keys.prefix(3)) + (keys.count > 3 ? ["…"] : []) }
        schedule(.read(cause: change.origin))
    }

    /// Runs `next` now, or after the work under way (a later request replaces a queued one; a
    /// queued refetch stays a refetch).
    private func schedule(_ next: Work) {
        let startNow = state.withLock { state -> Bool in
            guard state.running == nil else {
                if case .refetch? = state.pending { return false }
                state.pending = next
                return false
            }
            state.snapshot.isReading = true
            state.running = 0
            return true
        }
        guard startNow else { return }
        events(nil)
        let id = work.start { [weak self] _ in await self?.run(next) }
        state.withLock { state in
            // The work may have finished already; then it cleared `running` itself.
            if state.running == 0 { state.running = id }
        }
    }

    private func run(_ first: Work) async {
        var next: Work? = first
        while let current = next {
            await perform(current)
            next = state.withLock { state -> Work? in
                defer { state.pending = nil }
                if state.pending == nil {
                    state.running = nil
                    state.snapshot.isReading = false
                }
                return state.pending
            }
            events(nil)
        }
    }

    private func perform(_ work: Work) async {
        do {
            switch work {
            case .read(let cause):
                let read = try client.store.readResult(query: operation, options: Self.readOptions)
                if read.isComplete || !usesNetwork {
                    deliver(read, source: .cache)
                } else {
                    try await fetch(cause: cause)
                }
            case .refetch:
                if usesNetwork { try await fetch(cause: nil) } else { deliver(try client.store.readResult(query: operation, options: Self.readOptions), source: .cache) }
            }
        } catch is CancellationError {
            state.withLock { $0.snapshot.note = "read cancelled; f reads again" }
        } catch {
            state.withLock { $0.snapshot.error = "\(error)" }
        }
    }

    /// Sends the query, writes the response (saying what it wrote), then shows the cache's
    /// answer with the server as its source.
    private func fetch(cause: ChangeOrigin?) async throws {
        let outcome = await client.fetch(query: operation, cachePolicy: .fetchIgnoringCacheCompletely)
        try Task.checkCancellation()
        guard let result = outcome.results.last else {
            let error = outcome.error ?? .noResults
            state.withLock { state in
                state.snapshot.updateCount += 1
                state.snapshot.error = "\(error)"
                state.snapshot.resultLines = Self.failureLines(error)
            }
            return
        }
        if let data = result.data { try write(data, cause: cause) }
        var read = try client.store.readResult(query: operation, options: Self.readOptions)
        read.data = result.data
        deliver(read, source: .server, serverErrors: result.errors)
    }

    /// A failed fetch as result lines. A non-2xx answer that carried GraphQL errors shows them
    /// one a line, as a 200 answer's errors are, not as one long string.
    static func failureLines(_ error: GraphQLClientError) -> [String] {
        guard case .network(let network) = error, !network.graphQLErrors.isEmpty else { return ["✗ \(error)"] }
        return ["✗ HTTP \(network.httpStatus ?? 0) with GraphQL errors:"]
            + network.graphQLErrors.map { "✗ " + ($0["message"]?.stringValue ?? JSONValue.object($0).jsonText) }
    }

    /// Writes the server's data under the watch's own origin, keeping what it replaced.
    private func write(_ data: JSONObject, cause: ChangeOrigin?) throws {
        let records = try client.store.executor.normalize(data: data, for: operation)
        let (before, changed) = try client.store.withinReadWriteTransaction(origin: origin) { transaction in
            let before = try transaction.loadRecords(forKeys: Set(records.keys))
            return (before, try transaction.merge(records: records))
        }
        let touched = Set(changed.map(\.record))
        guard !touched.isEmpty else { return }
        let previous = touched.compactMap { before[$0] }.sorted { $0.key < $1.key }
        let created = touched.filter { before[$0] == nil }.sorted()
        events(WatchWrite(watch: name, cause: cause, previous: previous, created: created))
    }

    private func deliver(_ read: ReadResult, source: QueryResult.Source, serverErrors: [JSONObject] = []) {
        observation.withLock { $0 }?.update(fields: read.dependentKeys, records: read.missingRecords)
        let report = try? QueryExplainer(executor: client.store.executor).report(from: read, cache: browsing)
        let missText = source == .cache ? read.misses.first.map { GraphQLClientError.cacheMiss($0).description } : nil
        let errors = serverErrors.map { $0["message"]?.stringValue ?? JSONValue.object($0).jsonText } + (missText.map { [$0] } ?? [])
        state.withLock { state in
            state.snapshot.updateCount += 1
            state.snapshot.source = source.rawValue
            // An empty result beside its errors says nothing: the errors alone.
            let data = read.data?.isEmpty == true && !errors.isEmpty ? [] : ResultLines.lines(read.data)
            state.snapshot.resultLines = data + errors.map { "✗ " + $0 }
            state.snapshot.dependentRecords = Set(read.dependentKeys.map(\.record))
            state.snapshot.error = errors.isEmpty ? nil : errors.joined(separator: "\n")
            state.snapshot.report = report
            state.snapshot.note = nil
        }
    }

    /// Misses read as null, so that the result keeps its shape (the console's report needs it).
    private static let readOptions = ReadOptions(missesAsNull: true)

    /// A document on one line, comments dropped.
    static func oneLine(_ document: String) -> String {
        document.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.hasPrefix("#") }.joined(separator: " ")
    }
}
