import CacheExplorer
import Foundation
import GraphQLCache
import GraphQLCacheSQLite

/// The explorer's work on a file holding the 100,000-item workload, as a user meets it, for
/// `cachelens-bench explorer-work-probe FILE --part watch|actions` (a child process each run,
/// so that memory is the explorer's alone).
///
/// `watch`: `:watch` with the workload query, Enter; `j` held down (`HeldKey`) until the
/// watch has its first result; the time to that result, the slowest key press meanwhile (the
/// Enter included: if the read runs in the key press, that is how long the screen froze), the
/// resident memory before and after, and then, as the floor, the same query read from a SQLite
/// cache on the file by the executor (`read query from SQLite`).
/// `actions`: `r` on `User:7` (1,000 inbound references among 100,000 items) and the
/// `D item:1` preview (11,111 records), each in a fresh explorer, each a key press to its
/// frame, with the counts the screens showed.
public enum ExplorerWorkProbe {
    static let size = Size(width: 120, height: 40)

    /// The watch figures on the backend `open` returns (the explorer's), the floor read from
    /// `path`.
    package static func watch(path: String, open: () throws -> any ExplorerBackend) throws -> JSONObject {
        let backend = try open()
        var explorer = Explorer(backend: backend, size: size)
        _ = explorer.render()
        let document = ItemUserWorkload.query.split(whereSeparator: \.isNewline).joined(separator: " ")
        explorer.press(":watch \(document)".map(Key.character))
        _ = explorer.render()
        let residentBefore = ResidentMemory.currentBytes
        let clock = ContinuousClock()
        let start = clock.now
        let enter = clock.measure { explorer.press([.enter]); _ = explorer.render() }
        let held = try HeldKey.press(.character("j"), on: &explorer, what: "\(path): the watch's first read") { _ in
            backend.watches().first.map { $0.updateCount > 0 } ?? false
        }
        let firstResult = clock.now - start
        guard let watch = backend.watches().first, watch.resultLines.count > 1 else {
            throw BenchmarkError("\(path): the watch showed no items: \(backend.watches().first?.resultLines.prefix(3) ?? [])")
        }
        let peak = ResidentMemory.peakBytes, residentAfter = ResidentMemory.currentBytes
        let floor = try readFloor(path)
        return [
            "watchFirstResultMs": .double(firstResult.secondsValue * 1000),
            "watchSlowestKeyPressMs": .double(max(enter, held.slowest).secondsValue * 1000),
            "watchKeyPresses": .int(held.count + 1),
            "readQueryFromSQLiteMs": .double(floor.secondsValue * 1000),
            "residentBeforeMB": megabytes(residentBefore),
            "residentAfterMB": megabytes(residentAfter),
            "peakResidentMB": megabytes(peak),
        ]
    }

    /// The floor: the workload query read from a SQLite cache on the file by the executor.
    static func readFloor(_ path: String) throws -> Duration {
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let executor = GraphQLExecutor(configuration: CacheConfiguration())
        let operation = try executor.operation(document: ItemUserWorkload.query)
        let source = CacheRecordSource(cache)
        var complete = false
        let spent = try ContinuousClock().measure { complete = try executor.read(operation, from: source).isComplete }
        guard complete else { throw BenchmarkError("the workload query missed in \(path)") }
        return spent
    }

    /// `r` on `User:7` and the `D item:1` preview on the backend `open` returns (writable: `D`
    /// needs it), each from the key to its answer on screen, with the counts shown.
    package static func actions(open: () throws -> any ExplorerBackend) throws -> JSONObject {
        let backend = try open()
        // Both run in the background over 100,000 items: timed to their answer on screen.
        let inbound = ExplorerTiming.type([.character("r")], after: "/User:7".map(Key.character) + [.enter],
                                          backend: backend, untilAnswered: true)
        let preview = ExplorerTiming.type([.enter], after: [.character("D")] + "item:1".map(Key.character),
                                          backend: backend, untilAnswered: true)
        guard let referrers = number(before: " inbound to User:7", in: inbound.lastScreen),
              let matching = number(before: " records contain \"item:1\"", in: preview.lastScreen) else {
            throw BenchmarkError("r on User:7 or D item:1 showed no count:\n\(inbound.lastScreen)\n\(preview.lastScreen)")
        }
        return [
            "inboundMs": .double(inbound.keyPresses[0].secondsValue * 1000),
            "inboundCount": .int(referrers),
            "deletePreviewMs": .double(preview.keyPresses[0].secondsValue * 1000),
            "deletePreviewCount": .int(matching),
        ]
    }

    /// The number written just before `text` on `screen` (`1000 inbound to User:7`).
    private static func number(before text: String, in screen: String) -> Int? {
        guard let range = screen.range(of: text) else { return nil }
        let digits = screen[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "," }.reversed()
        return Int(String(digits.filter(\.isNumber)))
    }

    static func megabytes(_ bytes: Int?) -> JSONValue {
        bytes.map { .double(Double($0) / 1_048_576) } ?? .null
    }
}
