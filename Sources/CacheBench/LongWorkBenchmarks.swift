import CacheExplorer
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// "Never frozen" (issue 27) and "big changes stay proportional" (issue 31), in the explorer
/// on the item workload's SQLite file (100,000 items at full scale): keys pressed once a frame
/// while another connection holds the file's exclusive lock, while the explorer deletes every
/// item (`D Item:` + `y`) and undoes it (`u`), and while a console query reads every item. Each
/// key is two figures, the slowest time to handle it (budget 100 ms) and the slowest frame
/// drawn after it (16 ms). The delete and the undo, from the key to the explorer's message,
/// stand beside raw SQLite deleting and re-inserting the same rows (1.3x). The console query
/// also gives the time until its spinner shows (from 200 ms; budget 250 ms) and how long `Esc`
/// takes to stop it (50 ms).
enum LongWorkBenchmarks {
    static let group = BenchmarkGroup(name: "frozen") { context in
        try figures(context, items: context.scale == .full ? 100_000 : 20_000, runs: context.iterations)
    }

    static let size = Size(width: 120, height: 40)
    /// A key a frame, as `HeldKey` presses (a person cannot press faster).
    static let interval: Duration = .milliseconds(16)

    /// Every figure over a file of `items` items, each measured `runs` times.
    static func figures(_ context: BenchmarkContext, items: Int, runs: Int) throws -> [BenchmarkFigure] {
        let path = context.freshFile("frozen-\(items).sqlite"), rawPath = context.freshFile("frozen-\(items)-raw.sqlite")
        defer { [path, rawPath].forEach(context.removeFile) }
        context.progress("  writing the \(items)-item workload twice…")
        try ExplorerWorkBenchmarks.writeFile(path, items: items)
        try ExplorerWorkBenchmarks.writeFile(rawPath, items: items)
        // Rollback-journal mode, as Apollo iOS leaves its file: there another connection's
        // exclusive lock keeps readers out too (in WAL mode readers pass it).
        for file in [path, rawPath] {
            let connection = try SQLiteConnection(path: file, readOnly: false, create: false, busyTimeoutMilliseconds: 1000)
            try connection.exec("PRAGMA journal_mode=DELETE", context: "leaving WAL mode for the benchmark")
        }
        context.progress("  keys while another connection holds the lock…")
        let open = context.openExplorerBackend
        var figures = try lockFigures(path, open: open)
        // The keys are pressed as the terminal's loop presses them: waiting for a lock is
        // forbidden on its thread (`ExplorerLoop.run`), so its reads go before background work.
        try LockWaiting.$forbidden.withValue(true) {
            context.progress("  delete and undo of \(items) items in the explorer…")
            figures += try deleteFigures(path, rawPath: rawPath, items: items, runs: runs, open: open)
            context.progress("  keys during a console query over \(items) items…")
            figures += try consoleFigures(path, items: items, runs: runs, open: open)
        }
        return figures
    }

    /// The slowest handling and frame of keys pressed while something runs.
    struct KeyTimes {
        var handle: [Double] = []
        var frame: [Double] = []

        /// Presses `key` (with the tick the loop sends), then draws a frame, timing each.
        mutating func press(_ key: Key, on explorer: inout Explorer, at now: Duration) {
            let clock = ContinuousClock()
            handle.append(clock.measure { explorer.press([key]); explorer.send(.tick(now)) }.secondsValue)
            frame.append(clock.measure { _ = explorer.render() }.secondsValue)
        }

        var slowest: (handle: Double, frame: Double) { (handle.max() ?? 0, frame.max() ?? 0) }

        func figures(_ what: String, handles: [Double], frames: [Double]) -> [BenchmarkFigure] {
            [.milliseconds("explorer key \(what), slowest to handle", Samples(handles), budget: 100),
             .milliseconds("explorer key \(what), slowest frame", Samples(frames), budget: 16)]
        }
    }

    /// Presses `key` once a frame until `done`, for at most `limit`.
    static func hold(_ key: Key, on explorer: inout Explorer, times: inout KeyTimes, limit: Duration = .seconds(600),
                     what: String, until done: (Explorer) -> Bool) throws {
        let clock = ContinuousClock()
        let start = clock.now
        while !done(explorer) {
            let pressedAt = clock.now
            times.press(key, on: &explorer, at: pressedAt - start)
            if clock.now - start > limit { throw BenchmarkError("\(what) did not end in \(limit)") }
            let next = pressedAt + interval
            if clock.now < next { Thread.sleep(forTimeInterval: (next - clock.now).secondsValue) }
        }
    }

    typealias Open = @Sendable (String) throws -> any ExplorerBackend
}
