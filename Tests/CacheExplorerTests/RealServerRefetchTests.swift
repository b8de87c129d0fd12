import CacheTestSupport
import Foundation
import GraphQLCache
import Testing
@testable import CacheExplorer

/// What a watch's refetch writes, against a real GraphQL server process (Ariadne on 127.0.0.1,
/// `Tests/Servers/ariadne_server.py`): deleting the record a watch reads makes the watch refetch
/// over HTTP; the write is announced, visible in the cache, and `u` takes back the delete and
/// the refetch's write together.
@Suite(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct RealServerRefetchTests {
    private static let records = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "id": .string("2001"), "name": .string("Artoo")]),
    ]

    private func sortedRecords(_ backend: StoreBackend) throws -> [Record] {
        var records: [Record] = []
        try backend.forEachRecord { records.append($0) }
        return records.sorted { $0.key < $1.key }
    }

    @Test func aDeleteWhoseWatchRefetchesFromTheServerIsUndoneWithWhatTheRefetchWrote() throws {
        let server = try AriadneServer.shared.get()
        let cache = InMemoryNormalizedCache(records: RecordSet(records: Self.records))
        let store = CacheStore(cache: cache, configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
        let client = GraphQLClient(store: store, transport: HTTPNetworkTransport(url: server.graphQL, timeout: 10))
        let backend = StoreBackend(client: client, browsing: cache, sourceName: "real server", usesNetwork: true)
        try backend.addWatch(name: nil, document: "query HeroName { hero { id name } }")
        var explorer = Explorer(backend: backend, size: Size(width: 120, height: 30))
        explorer.send(.watchesDidUpdate)
        #expect(explorer.state.watches.first?.resultLines == [#"hero.id: "2001""#, #"hero.name: "Artoo""#])
        let before = try sortedRecords(backend)

        explorer.press([.character("j"), .character("d")])
        #expect(explorer.render().text.contains("watches HeroName will refetch from the network and write"))
        explorer.send(.keyPressed(.character("y")))
        explorer.settle()
        #expect(client.networkRequestCount == 1)
        #expect(explorer.state.message?.text.hasPrefix("HeroName refetched: wrote") == true, "\(String(describing: explorer.state.message))")
        #expect(try cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("R2-D2"))
        #expect(explorer.state.watches.first?.resultLines == [#"hero.id: "2001""#, #"hero.name: "R2-D2""#])

        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(try sortedRecords(backend) == before)
        #expect(explorer.state.undo.isEmpty)
        #expect(explorer.state.watches.first?.resultLines == [#"hero.id: "2001""#, #"hero.name: "Artoo""#])
        #expect(client.networkRequestCount == 1)
    }
}
