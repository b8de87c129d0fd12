import CacheExplorer
import Foundation

/// `cachelens explore FILE --measure`: the explorer's budgets measured on a real file, with
/// resident memory, printed as one line per figure.
enum ExplorerMeasurement {
    static func report(_ backend: any ExplorerBackend, openStart: ContinuousClock.Instant) {
        let opened = ContinuousClock.now - openStart
        print("open file:            \(milliseconds(opened))")
        // The cold first frame, in its parts: the backend's count and first page (cold), then
        // the explorer's own frame on the warm backend.
        let clock = ContinuousClock()
        let count = (try? clock.measure { _ = try backend.keyCount(matching: nil) }) ?? .zero
        let page = (try? clock.measure { _ = try backend.keys(matching: nil, offset: 0, limit: 40) }) ?? .zero
        let first = ExplorerBenchmark.measure(backend: backend, keys: [.character("G")])
        // A page in the middle asked for at once is selected from the keys still being sorted.
        let total = (try? backend.keyCount(matching: nil)) ?? 0
        let middle = (try? clock.measure { _ = try backend.keys(matching: nil, offset: total / 2, limit: 40) }) ?? .zero
        let second = ExplorerBenchmark.measure(backend: backend, keys: [.character("j")])
        let pageDown = ExplorerBenchmark.measure(backend: backend, keys: [.pageDown])
        print("first frame (cold):   \(milliseconds(count + page + first.firstFrame))")
        print("  backend key count:  \(milliseconds(count))")
        print("  backend first page: \(milliseconds(page))")
        print("  explorer frame:     \(milliseconds(first.firstFrame))")
        print("key press G (bottom): \(milliseconds(first.keyPress))")
        print("first frame (again):  \(milliseconds(second.firstFrame))")
        print("middle page at once:  \(milliseconds(middle))")
        print("key press j:          \(milliseconds(second.keyPress))")
        print("key press PgDn:       \(milliseconds(pageDown.keyPress))")
        reportFilter(backend, text: "Item:99")
        print("resident memory:      \(residentMegabytes().map { "\($0) MB" } ?? "unknown")")
    }

    /// `/` then `text` typed a key at a time (the list filters as each key is typed): each
    /// key's time to the new frame.
    private static func reportFilter(_ backend: any ExplorerBackend, text: String) {
        let clock = ContinuousClock()
        var explorer = Explorer(backend: backend, size: Size(width: 120, height: 40))
        _ = explorer.render()
        var times: [String] = []
        for key in [Key.character("/")] + text.map(Key.character) {
            let spent = clock.measure {
                explorer.press([key])
                _ = explorer.render()
            }
            times.append("\(key) \(milliseconds(spent))")
        }
        print("filter /\(text) per key:  \(times.joined(separator: ", "))")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    /// VmRSS from /proc/self/status, in megabytes.
    private static func residentMegabytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }
}
