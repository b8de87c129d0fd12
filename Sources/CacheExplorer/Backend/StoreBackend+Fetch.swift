import GraphQLCache
import Synchronization

/// The console's runs under a cache policy that may fetch: the library's own fetch with that
/// policy (so it does what an app's fetch would), its server data written under an origin of
/// its own, called `the console's fetch`, keeping what the write replaced so that `u` takes it
/// back. Without a network, a policy that would have to send is refused before anything runs.
extension StoreBackend {
    package func startFetch(document: String, variables: String?, policy: CachePolicy) -> Int? {
        work.start { [weak self] id in
            guard let self else { return }
            let outcome: QueryOutcome
            do { outcome = try await self.fetch(document: document, variables: variables, policy: policy) } catch is CancellationError {
                outcome = .cancelled
            } catch {
                outcome = .failed("\(error)")
            }
            self.post(.queryExplained(id: id, Task.isCancelled ? .cancelled : outcome))
        }
    }

    /// Explains the cache's read, then fetches under `policy`.
    func fetch(document: String, variables: String?, policy: CachePolicy) async throws -> QueryOutcome {
        let report = try explain(document: document, variables: variables)
        let operation = try store.executor.operation(document: document, variables: try VariablesText.parse(variables ?? ""))
        let reason = Self.networkReason(policy, report: report)
        if !watchesUseNetwork, reason.sends {
            throw ExplorerError.invalid("offline: \(policy.rawValue) would send this query (\(reason.text)), and there is no network "
                + "(explore --endpoint URL gives one); returnCacheDataDontFetch reads the cache alone")
        }
        let origin = newOrigin("the console's fetch (\(policy.rawValue))")
        let write = Mutex<WatchWrite?>(nil)
        let outcome = await client.fetchAll(query: operation, cachePolicy: policy, origin: origin) { [store] records in
            let made = try WatchWrite.merge(records, into: store, origin: origin, by: "the console", cause: nil)
            write.withLock { $0 = made }
        }
        let last = outcome.results.last
        let errors = (last?.errors ?? []).map { "✗ " + ($0["message"]?.stringValue ?? JSONValue.object($0).jsonText) }
        let fetch = ConsoleFetch(policy: policy, sources: outcome.results.map(\.source.rawValue),
                                 resultLines: last.map { ResultLines.lines($0.data) + errors } ?? [],
                                 error: outcome.error.map { "\($0)" }, networkReason: reason.text,
                                 write: write.withLock { $0 })
        return .fetched(report, fetch)
    }

    /// Why `policy` goes to the network for a read that found `report` in the cache, and
    /// whether it does.
    static func networkReason(_ policy: CachePolicy, report: QueryReport) -> (text: String, sends: Bool) {
        let misses = "\(report.missCount) miss\(report.missCount == 1 ? "" : "es") (below) sent it to the server"
        switch policy {
        case .cacheOnly: return ("never asked (cache only)", false)
        case .networkOnly, .fetchIgnoringCacheCompletely: return ("always asked (the policy ignores the cache)", true)
        case .networkFirst: return ("asked first; the cache answers only if it fails", true)
        case .cacheFirst:
            return report.missCount == 0 ? ("not asked: the cache had every field", false) : (misses, true)
        case .cacheAndNetwork:
            return report.missCount == 0 ? ("asked after the cache's complete answer", true) : (misses, true)
        }
    }
}

extension WatchWrite {
    /// Merges a fetch's `records` into `store` under `origin`, keeping the records as they
    /// were: what `by` (a watch, the console) wrote, or nil when nothing changed.
    static func merge(_ records: RecordSet, into store: CacheStore, origin: ChangeOrigin, by writer: String,
                      cause: ChangeOrigin?) throws -> WatchWrite? {
        let (before, changed) = try store.withinReadWriteTransaction(origin: origin) { transaction in
            (try transaction.loadRecords(forKeys: Set(records.keys)), try transaction.merge(records: records))
        }
        let touched = Set(changed.map(\.record))
        guard !touched.isEmpty else { return nil }
        let previous = touched.compactMap { before[$0] }.sorted { $0.key < $1.key }
        let created = touched.filter { before[$0] == nil }.sorted()
        return WatchWrite(watch: writer, cause: cause, previous: previous, created: created)
    }
}
