import CacheExplorer
import GraphQLCache
import Testing

/// Watches as a workspace: names, the open watch, its keys, side effects and undo, no network
/// without one, reads that never block the keys.
@Suite struct WatchWorkspaceTests {
    private let heroFriends = "query HeroFriends { hero { name friends { name } } }"

    /// The tiny cache on a client whose network answers from `responses`.
    private func networked(_ responses: [String]) throws -> (Explorer, StoreBackend, ScriptedTransport) {
        let server = ScriptedTransport()
        for response in responses {
            guard case .object(let json) = try JSONValue.parse(response) else { throw ExplorerError.invalid(response) }
            server.enqueue(try TransportResponse(json: json))
        }
        let cache = InMemoryNormalizedCache(records: RecordSet(records: TinyCache.records))
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: server), browsing: cache,
                                   sourceName: "tiny", usesNetwork: true)
        return (Explorer(backend: backend, size: Size(width: 100, height: 30)), backend, server)
    }

    private func allRecords(_ backend: StoreBackend) throws -> [Record] {
        var records: [Record] = []
        try backend.forEachRecord { records.append($0) }
        return records.sorted { $0.key < $1.key }
    }

    @Test func watchesAreNamedAfterTheirOperationAndKeptApart() throws {
        var (explorer, _) = TinyCache.explorer()
        for document in [heroFriends, heroFriends, "{ hero { name } }"] {
            explorer.press([.character("w")] + Key.sequence(from: document) + [.enter])
        }
        explorer.settle()
        #expect(explorer.state.watches.map(\.name) == ["HeroFriends", "HeroFriends-2", "w1"])
        #expect(explorer.state.message == StatusMessage("watching w1"))
    }

    @Test func enterOpensTheWatchWithItsDefinitionAndWholeResult() throws {
        var (explorer, backend) = TinyCache.explorer(size: Size(width: 100, height: 30))
        try backend.addWatch(name: nil, document: heroFriends)
        explorer.send(.watchesDidUpdate)
        explorer.press([.tab, .tab, .enter])
        #expect(explorer.state.openWatch == "HeroFriends")
        let screen = explorer.render().text
        #expect(screen.contains("Watch HeroFriends"))
        #expect(screen.contains("query      query HeroFriends { hero { name friends { name } } }"))
        #expect(screen.contains("variables  none"))
        #expect(screen.contains("source cache · policy returnCacheDataDontFetch · 1 update"))
        #expect(screen.contains("✗ cache miss at hero.friends.1: danglingReference Droid:2001.friends -> Human:9999"))
        #expect(screen.contains("✓ name: \"Luke\""))
        explorer.send(.keyPressed(.escape))
        #expect(explorer.state.openWatch == nil)
        #expect(explorer.state.focus == .watches)
    }

    @Test func theWorkspaceScrollsItsResultAndStopsAtTheEnd() throws {
        var (explorer, backend) = TinyCache.explorer(size: Size(width: 60, height: 14))
        try backend.addWatch(name: nil, document: heroFriends)
        explorer.send(.watchesDidUpdate)
        explorer.press([.tab, .tab, .enter, .character("G")])
        let top = explorer.state.watchTop
        #expect(top > 0)
        #expect(explorer.render().text.contains("✓ name: \"Luke\""))
        explorer.send(.keyPressed(.character("j")))
        #expect(explorer.state.watchTop == top)
        explorer.send(.keyPressed(.character("g")))
        #expect(explorer.state.watchTop == 0)
    }

    @Test func eEditsTheWatchsDocumentAndVariablesAndRefusesBadOnes() throws {
        var (explorer, backend) = TinyCache.explorer()
        try backend.addWatch(name: nil, document: heroFriends)
        explorer.send(.watchesDidUpdate)
        explorer.press([.tab, .tab, .character("e"), .control("u")] + Key.sequence(from: "query H($id: ID!) { human(id: $id) { name } }")
            + [.tab] + Key.sequence(from: "{oops") + [.enter])
        guard case .editWatch(let editor) = explorer.state.mode else { Issue.record("the editor closed"); return }
        #expect(editor.error?.isEmpty == false)
        #expect(backend.watches()[0].document == heroFriends)
        explorer.press([.control("u")] + Key.sequence(from: #"{"id":"1000"}"#) + [.enter])
        explorer.settle()
        #expect(explorer.state.mode == .normal)
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.name == "HeroFriends")
        #expect(watch.variables == #"{"id":"1000"}"#)
        #expect(watch.resultLines == ["human: null", "✗ cache miss at human: missingField QUERY_ROOT.human(id:1000)"])
    }

    @Test func dRemovesTheWatchAndLeavesTheCacheAlone() throws {
        var (explorer, backend) = TinyCache.explorer()
        try backend.addWatch(name: nil, document: heroFriends)
        explorer.send(.watchesDidUpdate)
        explorer.press([.tab, .tab, .character("d")])
        #expect(explorer.state.watches.isEmpty)
        #expect(explorer.state.focus == .records)
        #expect(explorer.state.message == StatusMessage("removed watch HeroFriends"))
        #expect(try allRecords(backend) == TinyCache.records.sorted { $0.key < $1.key })
    }

    @Test func undoAfterADeleteWhoseWatchRefetchedTakesBothBack() throws {
        var (explorer, backend, server) = try networked([#"{"data":{"hero":{"__typename":"Droid","name":"Artoo","friends":[]}}}"#])
        try backend.addWatch(name: nil, document: heroFriends.replacingOccurrences(of: " friends { name }", with: ""))
        explorer.send(.watchesDidUpdate)
        let before = try allRecords(backend)
        explorer.press([.character("j"), .character("d")])
        #expect(explorer.render().text.contains("watches HeroFriends will refetch from the network and write"))
        explorer.send(.keyPressed(.character("y")))
        explorer.settle()
        #expect(server.requests.count == 1)
        #expect(explorer.state.message == StatusMessage("HeroFriends refetched: wrote 2 records; u undoes it with delete Droid:2001"))
        #expect(Set(try allRecords(backend).map(\.key)) == [.queryRoot, "Human:1000", "Human:1002", "QUERY_ROOT.hero"])
        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(try allRecords(backend) == before)
        #expect(explorer.state.undo.isEmpty)
        #expect(explorer.state.message?.text.hasPrefix("undone: delete Droid:2001 (1 record restored) and 2 records its watch refetch wrote") == true)
        #expect(explorer.state.watches[0].resultLines == ["hero.name: \"R2-D2\""])
    }

    /// Undoing what a watch's fetch wrote leaves the watch missing: it does not fetch the same
    /// data straight back (which would undo the undo), and `f` fetches again when asked.
    @Test func undoingAWatchsFetchLeavesItsMissUntilFFetchesAgain() throws {
        let answer = #"{"data":{"villain":{"__typename":"Human","name":"Vader"}}}"#
        var (explorer, backend, server) = try networked([answer, answer])
        let before = try allRecords(backend)
        try backend.addWatch(name: nil, document: "query Villain { villain { name } }")
        explorer.settle()
        #expect(server.requests.count == 1)
        #expect(explorer.state.message == StatusMessage("Villain fetched: wrote 2 records; u undoes"))
        #expect(explorer.state.watches[0].resultLines == [#"villain.name: "Vader""#])

        explorer.send(.keyPressed(.character("u")))
        explorer.settle()
        #expect(try allRecords(backend) == before)
        #expect(explorer.state.message == StatusMessage("undone: what Villain fetched (2 records); f fetches again"))
        #expect(server.requests.count == 1)
        #expect(explorer.state.watches[0].resultLines.contains { $0.contains("cache miss at villain") },
                "\(explorer.state.watches[0].resultLines)")
        #expect(explorer.state.undo.isEmpty)

        explorer.press([.tab, .tab, .character("f")])
        explorer.settle()
        #expect(server.requests.count == 2)
        #expect(explorer.state.watches[0].resultLines == [#"villain.name: "Vader""#])
        #expect(explorer.state.undo.count == 1)
    }

    @Test func withoutANetworkNothingIsSentWhateverHappens() throws {
        var (explorer, backend) = TinyCache.explorer()
        try backend.addWatch(name: nil, document: heroFriends)
        explorer.send(.watchesDidUpdate)
        explorer.press([.character("j"), .character("d")])
        #expect(explorer.render().text.contains("watches HeroFriends will show the miss (no network)"))
        explorer.press([.character("y"), .tab, .tab, .character("f")])
        explorer.settle()
        #expect(explorer.state.watches[0].error?.contains("missingRecord") == true || explorer.state.watches[0].error?.contains("dangling") == true)
        #expect(backend.client.networkRequestCount == 0)
        #expect(explorer.state.undo.count == 1)
    }

    @Test(arguments: GoldenScreenTests.sizes)
    func watchWorkspace(size: Size) throws {
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: try Fixtures.sampleRecords()), sourceName: "sample")
        try backend.addWatch(name: nil, document: heroFriends)
        var explorer = Explorer(backend: backend, size: size)
        explorer.press(Fixtures.keys("Tab", "Tab", "Enter"))
        GoldenScreen.check(explorer.render(), suite: "WatchWorkspaceTests", name: "watchWorkspace-\(size)")
    }
}
