import CacheExplorer
import GraphQLCache
import Testing

/// Every pane and dialog rendered at 80x24 and 120x40, against `__Snapshots__/GoldenScreenTests`.
@Suite struct GoldenScreenTests {
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// Opens the sample at `size`, presses `keys` (names as the harness takes them), checks the screen.
    private func check(_ name: String, _ size: Size, keys: [String], readOnly: Bool = false,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        var explorer = try Fixtures.sampleExplorer(size: size, readOnly: readOnly)
        explorer.press(keys.flatMap(Key.sequence(from:)))
        explorer.settle()
        GoldenScreen.check(explorer.render(), suite: "GoldenScreenTests", name: "\(name)-\(size)", sourceLocation: sourceLocation)
    }

    /// Keys that open `Droid:2001` from the start.
    private let openDroid = ["j", "j", "Enter"]

    @Test(arguments: sizes) func recordList(size: Size) throws {
        try check("recordList", size, keys: [])
    }

    @Test(arguments: sizes) func recordView(size: Size) throws {
        try check("recordView", size, keys: openDroid)
    }

    @Test(arguments: sizes) func expandedListWithDanglingReference(size: Size) throws {
        try check("expandedListWithDanglingReference", size, keys: ["G", "k", "k", "Enter", "j", "j", "Enter", "j", "j"])
    }

    @Test(arguments: sizes) func followedReferenceWithBreadcrumbs(size: Size) throws {
        try check("followedReferenceWithBreadcrumbs", size, keys: ["Enter", "j", "Enter", "j", "j", "Enter", "j", "Enter"])
    }

    @Test(arguments: sizes) func filterWithHighlightedMatches(size: Size) throws {
        try check("filterWithHighlightedMatches", size, keys: ["/", "human:100", "Enter", "j"])
    }

    @Test(arguments: sizes) func helpOverlay(size: Size) throws {
        try check("helpOverlay", size, keys: ["?"])
    }

    @Test(arguments: sizes) func editDialog(size: Size) throws {
        try check("editDialog", size, keys: openDroid + ["j", "j", "j", "j", "e"])
    }

    @Test(arguments: sizes) func editDialogWithError(size: Size) throws {
        try check("editDialogWithError", size, keys: openDroid + ["j", "j", "j", "j", "e", "Tab", "Enter"])
    }

    @Test(arguments: sizes) func confirmDelete(size: Size) throws {
        try check("confirmDelete", size, keys: ["j", "j", "d"])
    }

    @Test(arguments: sizes) func deleteByPatternPreview(size: Size) throws {
        try check("deleteByPatternPreview", size, keys: ["D", "droid", "Enter"])
    }

    @Test(arguments: sizes) func deleteByPatternPrompt(size: Size) throws {
        try check("deleteByPatternPrompt", size, keys: ["D", "dro"])
    }

    @Test(arguments: sizes) func inboundReferences(size: Size) throws {
        try check("inboundReferences", size, keys: ["j", "j", "r"])
    }

    @Test(arguments: sizes) func queryConsole(size: Size) throws {
        try check("queryConsole", size, keys: ["c", "{ hero { name nickname friends { name } } }", "Enter"])
    }

    @Test(arguments: sizes) func commandLine(size: Size) throws {
        try check("commandLine", size, keys: [":", "theme light"])
    }

    @Test(arguments: sizes) func errorMessage(size: Size) throws {
        try check("errorMessage", size, keys: [":", "frobnicate", "Enter"])
    }

    @Test(arguments: sizes) func readOnlyRefusal(size: Size) throws {
        try check("readOnlyRefusal", size, keys: ["d"], readOnly: true)
    }

    @Test(arguments: sizes) func wideCharactersKeepColumnsAligned(size: Size) throws {
        try check("wideCharactersKeepColumnsAligned", size, keys: ["G", "k", "Enter"])
    }

    @Test(arguments: sizes) func garbageCollectionPreview(size: Size) throws {
        try check("garbageCollectionPreview", size, keys: [":", "gc", "Enter"])
    }

    @Test(arguments: sizes) func watchPrompt(size: Size) throws {
        try check("watchPrompt", size, keys: ["w", "{ hero { name } }"])
    }

    @Test(arguments: sizes) func themeCommandReportsTheTheme(size: Size) throws {
        try check("themeCommandReportsTheTheme", size, keys: [":", "theme default", "Enter"])
    }

    @Test(arguments: sizes) func tabSkipsTheHiddenWatchesPane(size: Size) throws {
        try check("tabSkipsTheHiddenWatchesPane", size, keys: ["Tab"])
    }

    @Test(arguments: sizes) func readOnlyGreysOutRefusedKeys(size: Size) throws {
        try check("readOnlyGreysOutRefusedKeys", size, keys: ["Enter"], readOnly: true)
    }

    @Test(arguments: sizes) func readOnlyHelpGreysOutRefusedCommands(size: Size) throws {
        try check("readOnlyHelpGreysOutRefusedCommands", size, keys: ["?"], readOnly: true)
    }

    @Test(arguments: sizes) func quitAfterUnsavedChanges(size: Size) throws {
        try check("quitAfterUnsavedChanges", size, keys: ["G", "d", "y", "Q"])
    }
}

/// A 40x12 terminal still shows one usable pane at a time.
@Suite struct SmallTerminalGoldenTests {
    static let size = Size(width: 40, height: 12)

    private func check(_ name: String, keys: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        var explorer = try Fixtures.sampleExplorer(size: Self.size)
        explorer.press(keys.flatMap(Key.sequence(from:)))
        GoldenScreen.check(explorer.render(), suite: "SmallTerminalGoldenTests", name: name, sourceLocation: sourceLocation)
    }

    @Test func listAlone() throws { try check("listAlone", keys: []) }
    @Test func recordAlone() throws { try check("recordAlone", keys: ["j", "j", "Enter"]) }
    @Test func backToTheList() throws { try check("backToTheList", keys: ["j", "j", "Enter", "h"]) }
    @Test func editDialog() throws { try check("editDialog", keys: ["j", "j", "Enter", "j", "j", "j", "j", "e"]) }
    @Test func help() throws { try check("help", keys: ["?"]) }
    @Test func helpScrolledToItsEnd() throws { try check("helpScrolledToItsEnd", keys: ["?"] + Array(repeating: "j", count: 80)) }

    @Test func watchesShareTheRowsAndShowTheirResults() throws {
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: try Fixtures.sampleRecords()), sourceName: "sample")
        try backend.addWatch(name: "friends", document: "{ hero { name friends { name } } }")
        try backend.addWatch(name: "hero", document: "{ hero { name } }")
        try backend.addWatch(name: "luke", document: "{ human(id: 1000) { name homePlanet } }")
        var explorer = Explorer(backend: backend, size: Self.size)
        explorer.press(Fixtures.keys("Tab", "Tab"))
        GoldenScreen.check(explorer.render(), suite: "SmallTerminalGoldenTests", name: "watchesAlone")
    }
}
