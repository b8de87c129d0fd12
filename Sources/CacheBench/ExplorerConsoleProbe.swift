import CacheExplorer
import GraphQLCache

/// The query console on the 100,000-item workload as a user meets it, for `cachelens-bench
/// explorer-work-probe FILE --part console`: `:query` with the workload query, Enter, then
/// `Down` (scrolling the report) held down (`HeldKey`) until the report is there; the time to
/// it, the slowest key press meanwhile (the Enter included), the peak resident memory, and the
/// floor: the same query read from a SQLite cache on the file by the executor.
public enum ExplorerConsoleProbe {
    package static func console(path: String, open: () throws -> any ExplorerBackend) throws -> JSONObject {
        var explorer = Explorer(backend: try open(), size: ExplorerWorkProbe.size)
        _ = explorer.render()
        let document = ItemUserWorkload.query.split(whereSeparator: \.isNewline).joined(separator: " ")
        explorer.press(":query \(document)".map(Key.character))
        _ = explorer.render()
        let clock = ContinuousClock()
        let start = clock.now
        let enter = clock.measure { explorer.press([.enter]); _ = explorer.render() }
        let held = try HeldKey.press(.down, on: &explorer, what: "\(path): the console query") {
            $0.state.console.report != nil || $0.state.console.error != nil
        }
        let firstResult = clock.now - start
        guard let report = explorer.state.console.report, report.missCount == 0, report.lines.count > 1 else {
            throw BenchmarkError("\(path): the console query did not hit: \(explorer.state.console.error ?? "")"
                                 + "\(explorer.state.console.report?.verdict ?? "")")
        }
        let peak = ResidentMemory.peakBytes
        let floor = try ExplorerWorkProbe.readFloor(path)
        return [
            "consoleFirstResultMs": .double(firstResult.secondsValue * 1000),
            "consoleSlowestKeyPressMs": .double(max(enter, held.slowest).secondsValue * 1000),
            "consoleKeyPresses": .int(held.count + 1),
            "readQueryFromSQLiteMs": .double(floor.secondsValue * 1000),
            "peakResidentMB": ExplorerWorkProbe.megabytes(peak),
        ]
    }
}
