import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// The list's filter language (`type:`, `re:`, substrings) and its orders (`s`).
@Suite struct ListFilterTests {
    @Test func theFilterTextParsesIntoItsKind() throws {
        #expect(try ListFilter.parse("") == .all)
        #expect(try ListFilter.parse("hu") == .substring("hu"))
        #expect(try ListFilter.parse("type:Human") == .typename("Human"))
        #expect(try ListFilter.parse("type:") == .all)
        #expect(try ListFilter.parse(#"re:^Item:1\d$"#) == .regex(#"^Item:1\d$"#))
        #expect(try ListFilter.parse("re:") == .all)
        #expect(try ListFilter.parse("retype") == .substring("retype"))
    }

    @Test func aBadRegularExpressionIsRefusedNamingTheProblem() {
        #expect {
            try ListFilter.parse("re:^Item:(1")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("bad regular expression ^Item:(1: ") && text.count > "bad regular expression ^Item:(1: ".count
        }
    }

    @Test(arguments: CacheKind.allCases)
    func aTypenameFilterKeepsOneTypesRecords(kind: CacheKind) {
        var explorer = SquadsCache.explorer(kind)
        explorer.press([.character("/")] + Key.sequence(from: "type:human") + [.enter])
        #expect(explorer.state.list.count == 3)
        #expect(explorer.state.list.rows.map(\.key) == ["Human:1", "Human:2", "Human:3"])
        #expect(explorer.render().text.contains("Records /type:human"))
    }

    @Test(arguments: CacheKind.allCases)
    func aRegexFilterKeepsTheKeysItMatches(kind: CacheKind) {
        var explorer = SquadsCache.explorer(kind)
        explorer.press([.character("/")] + Key.sequence(from: #"re:^Human:[12]$"#) + [.enter])
        #expect(explorer.state.list.rows.map(\.key) == ["Human:1", "Human:2"])
    }

    @Test func aBadRegexSaysSoAndKeepsTheListAsItWas() {
        var explorer = SquadsCache.explorer()
        explorer.press([.character("/")] + Key.sequence(from: "re:Human:(1"))
        #expect(explorer.state.message?.isError == true)
        #expect(explorer.state.message?.text.hasPrefix("bad regular expression Human:(1: ") == true)
        #expect(explorer.state.list.filter == "", "typed at once, the bad text never applied")
        explorer.press([.enter])
        #expect(explorer.state.message?.text.hasPrefix("bad regular expression Human:(1: ") == true, "Enter says it again")
        #expect(explorer.state.list.filter == "")
        explorer.press([.character("/")] + Key.sequence(from: "re:Human:(1)") + [.enter])
        #expect(explorer.state.message?.text == "1 key matches \"re:Human:(1)\"; n/N next/previous")
        #expect(explorer.state.list.rows.map(\.key) == ["Human:1"])
    }

    @Test(arguments: CacheKind.allCases)
    func sCyclesTheOrderBySizeThenTypenameThenKey(kind: CacheKind) {
        var explorer = SquadsCache.explorer(kind)
        let byKey = explorer.state.list.rows.map(\.key)
        #expect(byKey == [.queryRoot, "Droid:2001", "Human:1", "Human:2", "Human:3"])
        explorer.send(.keyPressed(.character("s")))
        #expect(explorer.state.list.order == .size)
        let sizes = explorer.state.list.rows.map(\.size)
        #expect(sizes == sizes.sorted(by: >))
        #expect(explorer.render().text.contains("Records · by size"))
        #expect(explorer.state.message?.text == "sorted by size")
        explorer.send(.keyPressed(.character("s")))
        #expect(explorer.state.list.rows.map(\.key) == ["Droid:2001", "Human:1", "Human:2", "Human:3", .queryRoot])
        #expect(explorer.render().text.contains("Records · by type"))
        explorer.send(.keyPressed(.character("s")))
        #expect(explorer.state.list.rows.map(\.key) == byKey)
        #expect(explorer.render().text.contains("┌ Records ─"))
    }

    @Test func deleteByPatternTakesTheFilterOnlyWhenItIsASubstring() {
        var explorer = SquadsCache.explorer()
        explorer.press([.character("/")] + Key.sequence(from: "human") + [.enter, .character("D")])
        #expect(explorer.state.mode == .deletePattern(LineInput("human")))
        explorer.press([.escape, .character("/"), .control("u")] + Key.sequence(from: "type:Human") + [.enter, .character("D")])
        #expect(explorer.state.mode == .deletePattern(LineInput("")))
    }

    @Test func anOrderAndAFilterGoTogether() {
        var explorer = SquadsCache.explorer()
        explorer.press([.character("s"), .character("/")] + Key.sequence(from: "human") + [.enter])
        let rows = explorer.state.list.rows
        #expect(rows.count == 3)
        #expect(rows.map(\.size) == rows.map(\.size).sorted(by: >))
        #expect(explorer.render().text.contains("Records /human · by size"))
    }
}
