import GraphQLCache
import Testing
@testable import CacheExplorer

/// The console runs its document under a chosen cache policy (`p` cycles, `C-p` while typing,
/// `:policy NAME` names one): the result, where it came from, why it went to the network, and
/// what it wrote, which `u` takes back. A watch reads under its own policy, changed with `p`.
@Suite struct ConsolePolicyTests {
    /// The tiny cache over a scripted network answering `{ hero { name } }` once.
    private func online() throws -> (Explorer, StoreBackend, ScriptedTransport) {
        let transport = ScriptedTransport()
        let hero = try JSONValue.parse(#"{"hero": {"__typename": "Droid", "name": "Artoo"}}"#).objectValue
        transport.enqueue(TransportResponse(data: hero))
        let cache = InMemoryNormalizedCache(records: RecordSet(records: TinyCache.records))
        let backend = StoreBackend(cache: cache, sourceName: "tiny", transport: transport)
        return (Explorer(backend: backend, size: Size(width: 140, height: 40)), backend, transport)
    }

    @Test func pCyclesEveryPolicyAndPolicyNamesOneInEitherSpelling() throws {
        var (explorer, _, _) = try online()
        explorer.openConsole()
        #expect(explorer.state.console.policy == .returnCacheDataDontFetch)
        var seen: [CachePolicy] = []
        for _ in CachePolicy.allCases {
            explorer.press([.control("p")])
            seen.append(explorer.state.console.policy)
        }
        #expect(Set(seen) == Set(CachePolicy.allCases))
        explorer.runCommandLine("policy networkOnly")
        #expect(explorer.state.console.policy == .fetchIgnoringCacheData)
        explorer.runCommandLine("policy returnCacheDataAndFetch")
        #expect(explorer.state.console.policy == .cacheAndNetwork)
        explorer.runCommandLine("policy nosuch")
        #expect(explorer.state.message?.isError == true)
        #expect(explorer.state.message?.text.contains("no policy nosuch; policies: returnCacheDataDontFetch, returnCacheDataElseFetch") == true)
        #expect(explorer.state.console.policy == .cacheAndNetwork)
    }

    @Test func aFetchUnderFetchIgnoringCacheDataShowsTheServersResultAndUndoTakesItsWriteBack() throws {
        var (explorer, backend, _) = try online()
        explorer.runCommandLine("policy fetchIgnoringCacheData")
        explorer.runCommandLine("query { hero { name } }")
        explorer.settle()
        let fetch = try #require(explorer.state.console.fetch)
        #expect(fetch.sources == ["server"])
        #expect(fetch.resultLines == [#"hero.name: "Artoo""#])
        // No cache ids configured: the hero is stored at its path, QUERY_ROOT.hero, and the root changes.
        #expect(fetch.write?.recordCount == 2)
        #expect(try backend.loadRecord("QUERY_ROOT.hero")?["name"] == .string("Artoo"))
        let screen = explorer.render().text
        // The console takes letters as text: the hint says to leave it first.
        #expect(explorer.state.focus == .query)
        #expect(screen.contains("fetchIgnoringCacheData: from server · wrote 2 records (Esc, then u undoes)"), "\(screen)")
        #expect(screen.contains("network: always asked"))
        #expect(explorer.state.message == StatusMessage("fetchIgnoringCacheData: from server; wrote 2 records; Esc, then u undoes"))
        explorer.press([.escape, .character("u")])
        #expect(try backend.loadRecord("QUERY_ROOT.hero") == nil)
        #expect(try backend.loadRecord(.queryRoot)?["hero"] == .reference("Droid:2001"))
        #expect(explorer.state.message?.text == "undone: the console's fetch (fetchIgnoringCacheData) (2 records)")
    }

    @Test func cacheFirstSaysTheCacheHadEverythingAndSendsNothing() throws {
        var (explorer, _, _) = try online()
        explorer.runCommandLine("policy cacheFirst")
        explorer.runCommandLine("query { hero { name } }")
        explorer.settle()
        let fetch = try #require(explorer.state.console.fetch)
        #expect(fetch.sources == ["cache"])
        #expect(fetch.networkReason == "not asked: the cache had every field")
        #expect(fetch.write == nil)
        #expect(explorer.state.undo.isEmpty)
    }

    @Test func offlineAPolicyThatMustSendIsRefusedBeforeAnythingRuns() throws {
        var (explorer, _) = TinyCache.explorer(size: Size(width: 140, height: 40))
        explorer.runCommandLine("policy networkOnly")
        explorer.runCommandLine("query { hero { name } }")
        explorer.settle()
        #expect(explorer.state.console.error?.hasPrefix("offline: fetchIgnoringCacheData would send this query") == true,
                "\(String(describing: explorer.state.console.error))")
    }

    @Test func aWatchsPolicyIsShownAndPChangesIt() throws {
        var (explorer, backend, _) = try online()
        try backend.addWatch(name: "hero", document: "{ hero { name } }")
        explorer.send(.watchesDidUpdate)
        #expect(explorer.state.watches[0].policy == "returnCacheDataElseFetch")
        explorer.press([.tab, .tab])
        #expect(explorer.state.focus == .watches)
        explorer.press([.character("p")])
        explorer.settle()
        #expect(explorer.state.watches[0].policy == "fetchIgnoringCacheData")
        #expect(explorer.render().text.contains("hero · server · 1 update · networkOnly"), "\(explorer.render().text)")
    }

    @Test func theConsolePrefillsTheVariablesItsDocumentDeclares() {
        var (explorer, _) = TinyCache.explorer(size: Size(width: 140, height: 40))
        explorer.runCommandLine("query query Luke($id: ID!, $first: Int) { human(id: $id) { name } }")
        #expect(explorer.state.console.variables.text == #"{"id": null, "first": null}"#)
        #expect(explorer.state.console.editingVariables)
        #expect(explorer.state.console.report == nil)
        #expect(explorer.state.message == StatusMessage("fill in the variables, then Enter runs"))
    }

    @Test func aPolicyKeyOutsideTheConsoleAndTheWatchesSaysWhereItWorks() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("p")])
        #expect(explorer.state.message?.text.hasPrefix("a cache policy belongs to the query console") == true)
    }
}
