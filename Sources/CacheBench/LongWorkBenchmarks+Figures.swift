import CacheExplorer
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

extension LongWorkBenchmarks {
    /// `j`/`k` pressed for a second on the explorer's thread (waiting forbidden, as in the
    /// terminal) while another connection holds `BEGIN EXCLUSIVE`.
    static func lockFigures(_ path: String, open: Open) throws -> [BenchmarkFigure] {
        var explorer = Explorer(backend: try open(path), size: size)
        _ = explorer.render()
        // The holder waits its turn: the explorer's own background reads (the write log's first
        // read, the broken-row scan) may hold a shared lock just after opening.
        let holder = try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 10_000)
        try holder.exec("BEGIN EXCLUSIVE", context: "holding the lock for the benchmark")
        defer { holder.rollback() }
        var times = KeyTimes()
        let clock = ContinuousClock()
        let start = clock.now
        var presses = 0
        try LockWaiting.$forbidden.withValue(true) {
            try hold(.character(presses % 2 == 0 ? "j" : "k"), on: &explorer, times: &times, what: "keys under the lock") { _ in
                presses += 1
                return clock.now - start > .seconds(1)
            }
        }
        guard explorer.render().text.contains("waiting for the file's lock") else {
            throw BenchmarkError("the explorer did not say it waits for the lock:\n\(explorer.render().text)")
        }
        return times.figures("while another process holds the lock", handles: times.handle, frames: times.frame)
    }

    /// `D Item:` + `y`, then `u`, keys held meanwhile, `runs` times; raw SQLite deleting and
    /// re-inserting the same rows is the floor.
    static func deleteFigures(_ path: String, rawPath: String, items: Int, runs: Int, open: Open) throws -> [BenchmarkFigure] {
        let backend = try open(path)
        var explorer = Explorer(backend: backend, size: size)
        let raw = try RawSQLiteBaseline(path: rawPath)
        let rows = ItemUserWorkload.rows(ItemUserWorkload(itemCount: items).itemRecords().records)
        var deletes: [Double] = [], undos: [Double] = [], rawDeletes: [Double] = [], rawInserts: [Double] = []
        var handles: [Double] = [], frames: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            explorer.press([.character("D")] + "Item:".map(Key.character) + [.enter])
            // Over 10,000 records the preview is found in the background: `y` answers its
            // dialog, which opens once it is found.
            explorer.settle()
            var times = KeyTimes()
            deletes.append(try clock.measure {
                times.press(.character("y"), on: &explorer, at: .zero)
                try hold(.character("j"), on: &explorer, times: &times, what: "the delete") { $0.state.longWork == nil }
            }.secondsValue)
            try expect(backend, holds: 0, after: "the delete")
            undos.append(try clock.measure {
                times.press(.character("u"), on: &explorer, at: .zero)
                try hold(.character("k"), on: &explorer, times: &times, what: "the undo") { $0.state.longWork == nil }
            }.secondsValue)
            try expect(backend, holds: items, after: "the undo")
            handles.append(times.slowest.handle)
            frames.append(times.slowest.frame)
            rawDeletes.append(try clock.measure { _ = try raw.deleteMatching("Item:") }.secondsValue)
            rawInserts.append(try clock.measure { try raw.insert(rows) }.secondsValue)
            backend.waitUntilIdle()
            explorer.settle()
        }
        return [
            .milliseconds("explorer delete \(items) records", Samples(deletes), floor: Samples(rawDeletes), budget: 1.3),
            .milliseconds("explorer undo delete \(items) records", Samples(undos), floor: Samples(rawInserts), budget: 1.3),
        ] + KeyTimes().figures("while \(items) records are deleted and restored", handles: handles, frames: frames)
    }

    /// `:query` over every item, `Down` held until the report, `runs` times; then once more,
    /// `Esc` 300 ms in.
    static func consoleFigures(_ path: String, items: Int, runs: Int, open: Open) throws -> [BenchmarkFigure] {
        let document = ItemUserWorkload.query.split(whereSeparator: \.isNewline).joined(separator: " ")
        var handles: [Double] = [], frames: [Double] = [], spinners: [Double] = [], escapes: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            var explorer = Explorer(backend: try open(path), size: size)
            explorer.press(":query \(document)".map(Key.character))
            var times = KeyTimes()
            let start = clock.now
            var spinner: Duration?
            times.press(.enter, on: &explorer, at: .zero)
            try hold(.down, on: &explorer, times: &times, what: "the console query") { explorer in
                if spinner == nil, explorer.render().text.contains("console query") { spinner = clock.now - start }
                return explorer.state.console.running == nil
            }
            guard explorer.state.console.report != nil else {
                throw BenchmarkError("the console query over \(items) items gave no report: \(explorer.state.console.error ?? "")")
            }
            handles.append(times.slowest.handle)
            frames.append(times.slowest.frame)
            spinners.append((spinner ?? clock.now - start).secondsValue)
            escapes.append(try escape(&explorer))
        }
        return KeyTimes().figures("during a console query over \(items) items", handles: handles, frames: frames) + [
            .milliseconds("explorer console query over \(items) items, spinner shown", Samples(spinners), budget: 250),
            .milliseconds("explorer Esc during a console query over \(items) items", Samples(escapes), budget: 50),
        ]
    }

    /// Runs the console's query again and presses `Esc` 300 ms in: the time until the query
    /// is stopped and the frame saying so is drawn.
    private static func escape(_ explorer: inout Explorer) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        var times = KeyTimes()
        times.press(.enter, on: &explorer, at: .zero)
        try hold(.down, on: &explorer, times: &times, what: "300 ms of the console query") { _ in clock.now - start > .milliseconds(300) }
        let spent = clock.measure {
            explorer.press([.escape])
            _ = explorer.render()
        }
        guard explorer.state.console.running == nil else { throw BenchmarkError("Esc did not stop the console query") }
        return spent.secondsValue
    }

    /// The keys pressed meanwhile clear the explorer's message, so the file is asked.
    private static func expect(_ backend: any ExplorerBackend, holds items: Int, after what: String) throws {
        let count = try backend.keyCount(matching: "Item:")
        guard count == items else { throw BenchmarkError("after \(what) the file holds \(count) items, not \(items)") }
    }
}
