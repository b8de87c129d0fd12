import CacheTestSupport
import GraphQLCacheSQLite
import Synchronization
import Testing
@testable import GraphQLCache

/// Incremental watches against from-scratch reads: random change sequences (edits, deletes,
/// list re-points, type changes, fields taken away and, on SQLite, commits by another
/// connection) are applied under a watcher, and after every change the watcher's last
/// delivery must equal a plain read of the same query (data, misses in order, dependencies,
/// guesses, counts of list elements left out), on memory and SQLite, without and with a
/// `listElementLimit`.
@Suite struct IncrementalWatchPropertyTests {
    /// Seeds per cache and query; each runs `steps` changes.
    static let seeds: [UInt64] = Array(1...40)
    static let steps = 30
    /// Seeds per cache and limit for limited reads (each runs every query).
    static let limitedSeeds: [UInt64] = Array(1...20)

    /// Queries with one node per item (split), one that reads everything inline (a response
    /// name merged from two selections), and one with a nested list and a type case.
    static let queries = [
        "{ items { __typename id name owner { __typename id name } ... on Droid { primaryFunction } } hero { __typename name } }",
        "{ items { id owner { name } } ... on Query { items { name owner { id } } } }",
        "{ hero { name friends { __typename name friends { name } } } items { ... on Human { name owner { name } } } }",
    ]

    @Test(arguments: CacheKind.allCases, 0..<queries.count)
    func patchedWatchesEqualFromScratchReads(_ kind: CacheKind, _ queryIndex: Int) throws {
        for seed in Self.seeds {
            try run(kind, query: Self.queries[queryIndex], seed: seed &* 7919 &+ UInt64(queryIndex))
        }
    }

    /// The same with a small `listElementLimit` (the explorer reads its watches with one), so
    /// that elements are left out, and changed, removed and re-pointed while left out: the
    /// counts of what was left out must agree too. 1 leaves out elements of the nested lists.
    @Test(arguments: CacheKind.allCases, [1, 3])
    func limitedWatchesEqualFromScratchReads(_ kind: CacheKind, _ limit: Int) throws {
        for seed in Self.limitedSeeds {
            for queryIndex in Self.queries.indices {
                try run(kind, query: Self.queries[queryIndex], seed: seed &* 7919 &+ UInt64(queryIndex) &+ UInt64(limit) << 32,
                        limit: limit)
            }
        }
    }

    private func run(_ kind: CacheKind, query document: String, seed: UInt64, limit: Int? = nil) throws {
        var random = SplitMix(seed: seed)
        let world = try RandomWorld(kind: kind, random: &random)
        let options = ReadOptions(missesAsNull: Bool.random(using: &random), listElementLimit: limit)
        let query = try world.store.executor.operation(document: document)
        let watcher = world.watch(query, options: options)
        defer { watcher.cancel() }
        for step in 0..<Self.steps {
            let change = try world.applyRandomChange(&random)
            let fresh = try world.store.readResult(query: query, options: options)
            let label = "seed \(seed) step \(step) \(change)"
            let last = world.deliveries.last
            #expect(last?.read?.data == fresh.data, "\(label): data")
            #expect(watcher.dependencies == fresh.dependencies, "\(label): dependencies")
            // A commit by another connection whose data reads as before is not delivered
            // again (the watcher's rule for other writers), so only its data must agree.
            guard !change.isExternal || world.deliveredLastChange else { continue }
            #expect(last?.read?.misses == fresh.misses, "\(label): misses")
            #expect(last?.read?.dependencies == fresh.dependencies, "\(label): delivered dependencies")
            #expect(last?.read?.guesses == fresh.guesses, "\(label): guesses")
            #expect(last?.read?.elided == fresh.elided, "\(label): left out")
        }
    }
}

/// Records of items, users and a hero in one cache, changed at random.
final class RandomWorld: Sendable {
    let store: CacheStore
    let client: GraphQLClient
    private let path: String?
    private let log = UpdateLog()
    private let lastCount = Mutex(0)
    static let itemCount = 8
    static let userCount = 4

    /// A change and where it came from.
    struct Change: CustomStringConvertible {
        let kind: String
        let isExternal: Bool
        var description: String { kind }
    }

    init(kind: CacheKind, random: inout SplitMix) throws {
        let cache: any NormalizedCache
        switch kind {
        case .memory:
            path = nil
            cache = InMemoryNormalizedCache()
        case .sqlite:
            let file = try ScratchFiles.newDatabasePath()
            path = file
            cache = try SQLiteNormalizedCache(path: file)
        }
        store = CacheStore(cache: cache)
        client = GraphQLClient(store: store, transport: ScriptedTransport())
        _ = try store.merge(records: RecordSet(records: Self.initialRecords(&random)))
        if path != nil { try store.startTrackingExternalChanges() }
    }

    var deliveries: [QueryWatcherUpdate] { log.updates }

    /// Whether the last change made a delivery.
    var deliveredLastChange: Bool { lastCount.withLock { $0 } < log.updates.count }

    func watch(_ query: GraphQLOperation, options: ReadOptions) -> QueryWatcher {
        let log = log
        let watcher = QueryWatcher(client: client, query: query, cachePolicy: .returnCacheDataDontFetch,
                                   refetchOnFailedUpdates: false, options: WatcherOptions(readOptions: options)) { update in
            log.append(update)
        }
        let client = client
        _ = client.waitFor { await watcher.fetch() }
        return watcher
    }

    private static func item(_ index: Int, _ random: inout SplitMix) -> Record {
        let droid = Bool.random(using: &random)
        var fields: [String: CacheValue] = [
            "__typename": .string(droid ? "Droid" : "Human"), "id": .string("\(index)"),
            "name": .string("item \(index)"), "owner": .reference(CacheKey("User:\(Int.random(in: 0..<userCount, using: &random))")),
        ]
        if droid && Bool.random(using: &random) { fields["primaryFunction"] = .string("work") }
        return Record(key: CacheKey("Item:\(index)"), fields)
    }

    private static func initialRecords(_ random: inout SplitMix) -> [Record] {
        var records = (0..<itemCount).map { item($0, &random) }
        for user in 0..<userCount {
            records.append(Record(key: CacheKey("User:\(user)"), [
                "__typename": .string("User"), "id": .string("\(user)"), "name": .string("user \(user)"),
                "friends": .list([.reference(CacheKey("Item:\(user)"))]),
            ]))
        }
        records.append(Record(key: "QUERY_ROOT", [
            "items": .list((0..<itemCount).map { .reference(CacheKey("Item:\($0)")) }),
            "hero": .reference("User:0"),
        ]))
        return records
    }

    /// Applies one random change; returns what it was.
    func applyRandomChange(_ random: inout SplitMix) throws -> Change {
        let delivered = log.updates.count
        lastCount.withLock { $0 = delivered }
        let item = CacheKey("Item:\(Int.random(in: 0..<(Self.itemCount + 2), using: &random))")
        let user = CacheKey("User:\(Int.random(in: 0..<(Self.userCount + 1), using: &random))")
        let external = path != nil && Int.random(in: 0..<4, using: &random) == 0
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1:
            try write([Record(key: item, ["name": .string("name \(random.next() % 100)")])], external)
            return Change(kind: "edit \(item).name", isExternal: external)
        case 2:
            try write([Record(key: user, ["name": .string("user \(random.next() % 100)")])], external)
            return Change(kind: "edit \(user).name", isExternal: external)
        case 3:
            _ = try store.removeRecord(for: item)
            return Change(kind: "delete \(item)", isExternal: false)
        case 4:
            var keys = (0..<Int.random(in: 0...(Self.itemCount + 1), using: &random)).map { _ in
                CacheValue.reference(CacheKey("Item:\(Int.random(in: 0..<(Self.itemCount + 2), using: &random))"))
            }
            keys.shuffle(using: &random)
            try write([Record(key: "QUERY_ROOT", ["items": .list(keys)])], external)
            return Change(kind: "re-point items to \(keys.count)", isExternal: external)
        case 5:
            let typename = Bool.random(using: &random) ? "Droid" : "Human"
            try write([Record(key: item, ["__typename": .string(typename), "primaryFunction": .string("p")])], external)
            return Change(kind: "type of \(item) to \(typename)", isExternal: external)
        case 6:
            try write([Record(key: item, ["owner": .reference(user)])], external)
            return Change(kind: "re-point \(item).owner to \(user)", isExternal: external)
        case 7:
            // Removed and written again in one commit: fields it had may be gone now.
            var record = Self.item(Int(item.rawValue.dropFirst(5)) ?? 0, &random)
            if Bool.random(using: &random) { record.fields["name"] = nil }
            try store.withinReadWriteTransaction { transaction in
                _ = try transaction.removeRecord(for: item)
                _ = try transaction.merge(records: RecordSet(records: [record]))
            }
            return Change(kind: "rewrite \(item) with \(record.fields.keys.sorted())", isExternal: false)
        default:
            try write([Record(key: "QUERY_ROOT", ["hero": .reference(user)]), Record(key: user, ["friends": .list([
                .reference(item), .reference(CacheKey("Item:\(random.next() % UInt64(Self.itemCount))")),
            ])])], external)
            return Change(kind: "hero to \(user), friends re-pointed", isExternal: external)
        }
    }

    /// Merges `records` through the store, or through another connection to the same file
    /// (then polled, as the explorer polls).
    private func write(_ records: [Record], _ external: Bool) throws {
        guard external, let path else {
            _ = try store.merge(records: RecordSet(records: records))
            return
        }
        let other = try SQLiteNormalizedCache(path: path)
        _ = try other.merge(records: RecordSet(records: records))
        _ = try store.pollExternalChanges()
    }
}

/// A watcher's deliveries, in order.
final class UpdateLog: Sendable {
    private let items = Mutex<[QueryWatcherUpdate]>([])
    func append(_ update: QueryWatcherUpdate) { items.withLock { $0.append(update) } }
    var updates: [QueryWatcherUpdate] { items.withLock { $0 } }
}
