import CacheTestSupport
import Synchronization
import Testing
@testable import GraphQLCache

/// `WatcherOptions`: a watcher whose re-reads run as background work the caller starts (the
/// explorer's UI thread never waits for them), whose deliveries name the change that woke it,
/// and whose refetches write through the caller. The runner here holds the work until the test
/// runs it, so "the commit returned before the re-read" needs no timing.
@Suite struct BackgroundWatcherTests {
    /// Work handed to the runner, kept until the test runs it.
    final class HeldWork: Sendable {
        private let jobs = Mutex<[@Sendable () async -> Void]>([])
        private let started = Atomic<Int>(0)

        var runner: WatcherOptions.Runner {
            { [self] job in
                started.add(1, ordering: .relaxed)
                jobs.withLock { $0.append(job) }
            }
        }

        /// How many times the watcher asked for background work.
        var startCount: Int { started.load(ordering: .relaxed) }

        /// Runs the work held so far, in order, on `client`'s queue; returns how much there was.
        @discardableResult
        func runAll(on client: GraphQLClient) -> Int {
            let taken = jobs.withLock { jobs in
                defer { jobs = [] }
                return jobs
            }
            for job in taken { client.waitFor { await job() } }
            return taken.count
        }
    }

    final class Updates: Sendable {
        private let updates = Mutex<[QueryWatcherUpdate]>([])
        func append(_ update: QueryWatcherUpdate) { updates.withLock { $0.append(update) } }
        var all: [QueryWatcherUpdate] { updates.withLock { $0 } }
    }

    private static let hero = #"{"hero":{"__typename":"Droid","name":"R2-D2","id":"2001"}}"#

    private func watcher(_ fixture: ClientFixture, _ held: HeldWork, policy: CachePolicy = .returnCacheDataDontFetch,
                         writer: WatcherOptions.Writer? = nil) throws -> (QueryWatcher, Updates) {
        let updates = Updates()
        let query = try fixture.query("{ hero { name } }")
        try fixture.write(query, Self.hero)
        let options = WatcherOptions(runUpdates: held.runner, writeResponse: writer)
        let watcher = QueryWatcher(client: fixture.client, query: query, cachePolicy: policy, options: options) { updates.append($0) }
        let client = fixture.client
        _ = client.waitFor { await watcher.fetch() }
        return (watcher, updates)
    }

    @Test(arguments: CacheKind.allCases)
    func aCommitReturnsBeforeTheReReadAndTheDeliveryNamesTheChange(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let held = HeldWork()
        let (watcher, updates) = try watcher(fixture, held)
        defer { watcher.cancel() }
        #expect(updates.all.count == 1)
        #expect(updates.all[0].trigger == nil)
        let origin = fixture.store.makeOrigin()
        try fixture.store.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT.hero", ["name": .string("Artoo")])]),
                                origin: origin)
        // The commit is done and nothing was read yet: the re-read waits for the runner.
        #expect(updates.all.count == 1)
        #expect(held.runAll(on: fixture.client) == 1)
        let update = try #require(updates.all.last)
        #expect(updates.all.count == 2)
        #expect(update.trigger == WatchTrigger(origin: origin, fields: [FieldKey(record: "QUERY_ROOT.hero", field: "name")]))
        #expect(OperationFixture.text(try update.result.get().data) == #"{"hero":{"name":"Artoo"}}"#)
        #expect(update.read?.isComplete == true)
    }

    @Test(arguments: CacheKind.allCases)
    func changesWhileAnUpdateWaitsMakeOneMoreReadNamingThemAll(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let held = HeldWork()
        let (watcher, updates) = try watcher(fixture, held)
        defer { watcher.cancel() }
        for name in ["A", "B", "C"] {
            try fixture.store.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT.hero", ["name": .string(name)])]))
        }
        try fixture.store.merge(records: RecordSet(records: [Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
                                                             Record(key: "Droid:2001", ["name": .string("D")])]))
        #expect(held.startCount == 1)
        held.runAll(on: fixture.client)
        #expect(held.startCount == 1)
        let rereads = updates.all.dropFirst()
        #expect(rereads.count == 2)
        #expect(rereads.last?.trigger?.fields == [FieldKey(record: "QUERY_ROOT.hero", field: "name"),
                                                   FieldKey(record: .queryRoot, field: "hero")])
        #expect(OperationFixture.text(try rereads.last?.result.get().data) == #"{"hero":{"name":"D"}}"#)
        // Idle again: the next change asks for work anew.
        try fixture.store.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("E")])]))
        #expect(held.startCount == 2)
    }

    @Test(arguments: CacheKind.allCases)
    func aRefetchAfterAMissWritesThroughTheCallerNamingTheChangeThatCausedIt(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let held = HeldWork()
        let written = Mutex<[(RecordSet, WatchTrigger?)]>([])
        let store = fixture.store
        let (watcher, updates) = try watcher(fixture, held, policy: .returnCacheDataElseFetch) { records, origin, trigger in
            written.withLock { $0.append((records, trigger)) }
            try store.merge(records: records, origin: origin)
        }
        defer { watcher.cancel() }
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","name":"Artoo"}}}"#)
        let removal = store.makeOrigin()
        try store.withinReadWriteTransaction(origin: removal) { _ = try $0.removeRecord(for: "QUERY_ROOT.hero") }
        held.runAll(on: fixture.client)
        #expect(fixture.server.requests.count == 1)
        let writes = written.withLock { $0 }
        #expect(writes.count == 1)
        #expect(writes.first?.1?.origin == removal)
        #expect(writes.first?.0.keys.contains("QUERY_ROOT.hero") == true)
        #expect(try store.loadRecord(forKey: "QUERY_ROOT.hero")?["name"] == .string("Artoo"))
        let last = try #require(updates.all.last)
        #expect(try last.result.get().source == .server)
        #expect(last.trigger?.origin == removal)
        // Its own write woke nobody: no more background work was asked for.
        #expect(held.startCount == 1)
    }
}
