import CacheExplorer
import CacheTestSupport
import Dispatch
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The write log on any size of cache, and the commits it used to miss: one made while its
/// first read of the cache was still running, and the fresh copy `R` pulls.
@Suite struct WriteLogScaleTests {
    static let leia = #"{"data":{"human":{"__typename":"Human","id":"1003","name":"Leia"}}}"#

    /// How the log reads `cache`, its first read held back by `gate`.
    static func rows(of cache: any BrowsableNormalizedCache, after gate: @escaping @Sendable () -> Void) -> WriteLog.Rows {
        let plain = WriteLog.Rows.encoding(cache)
        return WriteLog.Rows(each: { body in
            gate()
            try plain.each(body)
        }, current: plain.current, ordered: plain.ordered)
    }

    @Test(arguments: CacheKind.allCases)
    func aWatchsFetchCommittedBeforeTheLogsFirstReadIsLogged(_ kind: CacheKind) throws {
        let cache = kind.makeCache(WriteLogTests.records)
        let store = CacheStore(cache: cache)
        let committed = DispatchSemaphore(value: 0)
        let subscription = store.subscribe { _ in committed.signal() }
        defer { subscription.cancel() }
        // The log's first read waits for the fetch to commit; at most a second, since a log
        // that holds commits back until it has read the cache never lets the fetch go first.
        let rows = Self.rows(of: cache) { _ = committed.wait(timeout: .now() + 1) }
        let server = ScriptedTransport()
        guard case .object(let json) = try JSONValue.parse(Self.leia) else { throw ExplorerError.invalid(Self.leia) }
        server.enqueue(try TransportResponse(json: json))
        let backend = StoreBackend(client: GraphQLClient(store: store, transport: server), browsing: cache, sourceName: "log",
                                   usesNetwork: true, logRows: rows)
        try backend.addWatch(name: nil, document: "query Leia { human(id: 1003) { __typename id name } }", variables: "")
        let entries = try #require(backend.writeLog).entries(0..<10)
        #expect(entries.map(\.origin) == ["fetch Leia"])
        #expect(entries.first?.records.contains { $0.kind == .added && $0.fieldsAfter["name"] == .string("Leia") } == true)
    }

    @Test(arguments: CacheKind.allCases)
    func aCacheOfMoreThanFiftyThousandRecordsKeepsALog(_ kind: CacheKind) throws {
        let items = (0..<50_001).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "id": .string("\($0)")]) }
        let backend = StoreBackend(cache: kind.makeCache(WriteLogTests.records + items), sourceName: "big")
        let log = try #require(backend.writeLog, "a log however big the cache")
        _ = try backend.write([Record(key: "Item:7", ["id": .string("seven")])])
        let entries = try log.entries(0..<10)
        #expect(entries.first?.records == [RecordDelta(key: "Item:7", kind: .changed, typename: "Item",
                                                       fields: [FieldDelta(field: "id", before: .string("7"), after: .string("seven"))])])
        #expect(entries.first?.digestAfter.rows == 50_004)
    }

    @Test(arguments: CacheKind.allCases)
    func theCopyRPullsIsLoggedAgainstTheOneItReplaces(_ kind: CacheKind) throws {
        let fresh = WriteLogTests.records.map { record in
            record.key == "Human:1000" ? Record(key: record.key, ["__typename": .string("Human"), "name": .string("Luke S.")]) : record
        }
        let environment = ExplorerEnvironment(
            openBackend: ExplorerEnvironment.isolated.openBackend, loadTheme: ExplorerEnvironment.isolated.loadTheme,
            readFile: ExplorerEnvironment.isolated.readFile, writeFile: ExplorerEnvironment.isolated.writeFile,
            pulledFrom: { _ in "Pixel 7 · com.example.app · databases/apollo.db" },
            repull: { _ in StoreBackend(cache: kind.makeCache(fresh), sourceName: "apollo.db", readOnly: true) })
        let stale = StoreBackend(cache: kind.makeCache(WriteLogTests.records), sourceName: "apollo.db", readOnly: true)
        var explorer = Explorer(backend: stale, size: Size(width: 100, height: 30), environment: environment)
        explorer.press([.character("R")])
        let log = try #require((explorer.backend as? StoreBackend)?.writeLog)
        #expect((explorer.backend as? StoreBackend) !== stale)
        let entries = try log.entries(0..<10)
        #expect(entries.map(\.origin) == ["pull again"])
        #expect(entries.first?.records == [RecordDelta(key: "Human:1000", kind: .changed, typename: "Human",
                                                       fields: [FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S."))])])
    }

    @Test(arguments: CacheKind.allCases)
    func theLogHoldsOnlyTheRowsChangesTouched(_ kind: CacheKind) throws {
        let items = (0..<1_000).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "id": .string("\($0)")]) }
        let backend = StoreBackend(cache: kind.makeCache(items), sourceName: "items")
        let log = try #require(backend.writeLog)
        #expect(log.digest.rows == 1_000)
        #expect(log.heldRowCount == 0, "no copy of the cache")
        _ = try backend.remove(keys: ["Item:1", "Item:2"])
        #expect(log.heldRowCount == 2)
        #expect(log.digest.rows == 998)
        #expect(try log.entries(0..<10).first?.records.map(\.kind) == [.removed, .removed])
    }

    @Test func aFilterHoldsAtMostItsLimitOfPositionsNewestFirst() throws {
        let backend = StoreBackend(cache: CacheKind.memory.makeCache(WriteLogTests.records), sourceName: "log")
        let log = try #require(backend.writeLog)
        for name in ["a", "b", "c", "d", "e"] { _ = try backend.write([Record(key: "Droid:2001", ["name": .string(name)])]) }
        _ = try backend.write([Record(key: "Human:1000", ["name": .string("Luke S.")])])
        let capped = try log.positions(matching: "droid", in: 0..<log.entryCount, limit: 3)
        #expect(capped.positions == [4, 3, 2])
        #expect(capped.more)
        let all = try log.positions(matching: "droid", in: 0..<log.entryCount, limit: 10)
        #expect(all.positions == [4, 3, 2, 1, 0])
        #expect(!all.more)
        #expect(try log.positions(matching: "droid", in: 3..<6, limit: 10).positions == [4, 3], "only the range asked")
    }
}
