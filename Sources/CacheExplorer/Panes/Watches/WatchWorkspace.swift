/// The watch workspace as lines (pure presentation): a fixed header saying what the watch is and
/// how it is doing, then a body that scrolls: the full error text, and the whole result as the
/// query console's hit/miss tree.
enum WatchWorkspace {
    /// Rows the header takes (the body starts below).
    static let headerHeight = 4

    /// Document, variables, then source, policy, updates and last change.
    static func header(_ watch: WatchSnapshot, now: Duration, changedAt: Duration?, keys: KeyMap) -> [(String, StyleRole)] {
        let updates = "\(watch.updateCount) update\(watch.updateCount == 1 ? "" : "s")"
        var status = "source \(watch.source) · policy \(watch.policy) · \(updates)"
        if let changedAt { status += " · last change \(seconds(now - changedAt)) ago" }
        if watch.isReading { status += " · reading… (\(keys.keyName(.cancel)) cancels)" }
        let changed = watch.changeSummary ?? "no change yet"
        return [
            ("query      " + watch.summary, .text),
            ("variables  " + (watch.variables.trimmed.isEmpty ? "none" : watch.variables), .text),
            (status, watch.isReading ? .statusMessage : .textDim),
            (changed, watch.changeSummary == nil ? .textDim : .diffChanged),
        ]
    }

    /// The error in full (wrapped to `width`), a note, then the result tree.
    static func body(_ watch: WatchSnapshot, width: Int, keys: KeyMap) -> [(String, StyleRole)] {
        var lines: [(String, StyleRole)] = []
        if let note = watch.note(keys: keys) { lines.append((note, .statusMessage)) }
        if let error = watch.error {
            for paragraph in error.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(contentsOf: TextWrap.lines("✗ " + paragraph, width: max(8, width)).map { ($0, StyleRole.statusError) })
            }
        }
        if let report = watch.report {
            lines.append(contentsOf: Renderer.reportLines(report))
        } else {
            lines.append(contentsOf: watch.resultLines.map { ($0, StyleRole.text) })
        }
        return lines
    }

    /// How many body lines `watch` has at `width` (for scrolling bounds).
    static func lineCount(_ watch: WatchSnapshot?, width: Int, keys: KeyMap) -> Int {
        watch.map { body($0, width: width, keys: keys).count } ?? 0
    }

    /// `4 s`, `2 min`.
    private static func seconds(_ duration: Duration) -> String {
        let seconds = max(0, duration.components.seconds)
        return seconds < 120 ? "\(seconds) s" : "\(seconds / 60) min"
    }
}
