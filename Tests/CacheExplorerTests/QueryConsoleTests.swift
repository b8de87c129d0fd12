import CacheExplorer
import GraphQLCache
import Testing

@Suite struct QueryConsoleTests {
    @Test func theConsoleShowsTheTreeInQueryOrderWithPartialParentsAndSaysWhatEachPolicyWouldDo() throws {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("c")] + Key.sequence(from: "{ hero { name nickname friends { name } } }") + [.enter])
        explorer.settle()
        #expect(explorer.state.focus == .query)
        let report = try #require(explorer.state.console.report)
        #expect(report.missCount == 2)
        #expect(report.lines == [
            .init(depth: 0, text: "hero", status: .partial),
            .init(depth: 1, text: "name: \"R2-D2\"", status: .hit),
            .init(depth: 1, text: "nickname: missingField: Droid:2001 has no nickname", status: .miss),
            .init(depth: 1, text: "friends [2]", status: .partial),
            .init(depth: 2, text: "[0]", status: .hit),
            .init(depth: 3, text: "name: \"Luke\"", status: .hit),
            .init(depth: 2, text: "[1]: danglingReference: Droid:2001.friends points at Human:9999, which is not in the cache", status: .miss),
        ])
        #expect(report.verdict == "incomplete: 2 misses in 2 groups")
        #expect(report.policyVerdicts.first == "returnCacheDataElseFetch: would go to the network because of 2 misses")
        #expect(report.groups == [
            "hero.nickname — missingField: Droid:2001 has no nickname",
            "hero.friends[*] — danglingReference on 1 of 2 references; e.g. Droid:2001.friends points at Human:9999, which is not in the cache",
        ])
        #expect(report.diagnoses.contains { $0.hasPrefix("danglingReference: Droid:2001.friends points at Human:9999") })
        let styled = report.styledLines.map(\.0)
        #expect(styled.first == "incomplete: 2 misses in 2 groups")
        #expect(styled.firstIndex(of: "Misses:")! < styled.firstIndex(of: "Result:")!)
    }

    @Test func nearMissesAreNamed() throws {
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: [
            Record(key: .queryRoot, ["hero(episode:EMPIRE)": .reference("Human:1000")]),
            Record(key: "Human:1000", ["name": .string("Luke")]),
        ])), sourceName: "t")
        let report = try backend.explain(document: "{ hero(episode: JEDI) { name } }", variables: nil)
        #expect(report.lines == [.init(depth: 0, text: "hero: missingField: QUERY_ROOT has no hero(episode:JEDI); near misses: hero(episode:EMPIRE)", status: .miss)])
    }

    /// A run shows its outcome from its first line, whatever the last one was scrolled to: an
    /// error after a long report scrolled down showed its second line first, its first hidden.
    @Test func aNewOutcomeIsShownFromItsFirstLine() throws {
        var (explorer, _) = TinyCache.explorer(size: Size(width: 60, height: 15))
        explorer.press([.character("c")] + Key.sequence(from: "{ hero { name nickname friends { name } } }") + [.enter])
        explorer.settle()
        explorer.press([.pageDown, .pageDown])
        #expect(explorer.state.console.top > 0, "the report is longer than the pane")
        explorer.press(Array(repeating: .backspace, count: 60) + Key.sequence(from: "{ hero {") + [.enter])
        explorer.settle()
        let error = try #require(explorer.state.console.error)
        #expect(explorer.state.console.top == 0)
        let firstWords = String(error.prefix(20))
        #expect(explorer.render().text.contains(firstWords), "\(explorer.render().text)")
    }

    @Test func anInvalidDocumentIsShownAsAnError() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("c")] + Key.sequence(from: "{ hero {") + [.enter])
        explorer.settle()
        #expect(explorer.state.console.report == nil)
        #expect(explorer.state.console.error?.isEmpty == false)
        explorer.send(.keyPressed(.escape))
        #expect(explorer.state.focus == .records)
    }
}

@Suite struct QueryConsoleVariablesTests {
    @Test func tabSwitchesToTheVariablesAndTheyAreUsed() throws {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("c")] + Key.sequence(from: "query H($id: ID!) { human(id: $id) { name } }") + [.tab]
            + Key.sequence(from: #"{"id":"1000"}"#) + [.enter])
        explorer.settle()
        #expect(explorer.state.console.variables == LineInput(#"{"id":"1000"}"#))
        let report = try #require(explorer.state.console.report)
        #expect(report.lines == [.init(depth: 0, text: "human: missingField: QUERY_ROOT has no human(id:1000)", status: .miss)])
    }
}

@Suite struct QueryConsoleDeferTests {
    /// A deferred fragment whose data is not in the cache is a pending line at the end of its
    /// object, marked `…`, not a miss; the verdict stays complete and says how many are pending.
    @Test func aDeferredFragmentNotInTheCacheShowsAsPendingNotAsAMiss() throws {
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: [
            Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
            Record(key: "Droid:2001", ["name": .string("R2-D2")]),
        ])), sourceName: "t")
        let report = try backend.explain(document: #"{ hero { name ... @defer(label: "extra") { primaryFunction } } }"#, variables: nil)
        #expect(report.missCount == 0)
        #expect(report.verdict == "complete: every field is in the cache (1 deferred fragment pending)")
        #expect(report.lines == [
            .init(depth: 0, text: "hero", status: .hit),
            .init(depth: 1, text: "name: \"R2-D2\"", status: .hit),
            .init(depth: 1, text: "@defer \"extra\": pending (its data is not in the cache yet)", status: .pending),
        ])
        #expect(report.styledLines.contains { $0.0 == "  … @defer \"extra\": pending (its data is not in the cache yet)" })
    }
}
