import CacheExplorer
import GraphQLCache

/// `:find` on a file of N items as a user meets it, for `cachelens-bench explorer-work-probe
/// FILE --part find`: `:find Item 99999…` (the name of one item near the end, so that the search
/// reads every row), Enter, then `j` held down (`HeldKey`) until the search has finished; the
/// time to the end, the slowest key press meanwhile (the Enter included: if the search ran in
/// the key press, that is how long the screen froze) and the matches found.
public enum ExplorerFindProbe {
    /// The text searched for in a file of `records` items: the last item's name, which no other
    /// item's name contains.
    public static func text(records: Int) -> String { "Item \(records - 1)" }

    /// The figures on the backend `open` returns (the explorer's, on a file of `records` items).
    /// The explorer's thread never waits for another process's lock (`ExplorerLoop.run`), and its
    /// reads go before background work (`LockWaiting.forbidden`); so do this probe's.
    package static func find(records: Int, open: () throws -> any ExplorerBackend) throws -> JSONObject {
        try LockWaiting.$forbidden.withValue(true) { try findOnUIThread(records: records, open: open) }
    }

    private static func findOnUIThread(records: Int, open: () throws -> any ExplorerBackend) throws -> JSONObject {
        var explorer = Explorer(backend: try open(), size: ExplorerWorkProbe.size)
        // A big file's keys are read in the background when it opens: the search starts on a
        // file already listed, as a user's does.
        explorer.settle()
        _ = explorer.render()
        explorer.press(":find \(text(records: records))".map(Key.character))
        _ = explorer.render()
        let clock = ContinuousClock()
        let start = clock.now
        let enter = clock.measure { explorer.press([.enter]); _ = explorer.render() }
        let held = try HeldKey.press(.character("j"), on: &explorer, what: ":find") { $0.state.find?.isFinished != false }
        let total = clock.now - start
        guard let find = explorer.state.find else { throw BenchmarkError(":find showed no search: \(explorer.state.message?.text ?? "")") }
        return [
            "findMs": .double(total.secondsValue * 1000),
            "findSlowestKeyPressMs": .double(max(enter, held.slowest).secondsValue * 1000),
            "findKeyPresses": .int(held.count + 1),
            "findMatches": .int(find.matches.count),
        ]
    }
}
