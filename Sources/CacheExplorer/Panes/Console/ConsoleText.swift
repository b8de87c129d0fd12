/// The query console's result lines as drawn (the report: diagnoses and fixes whole, however
/// narrow the terminal; an error; or what to type), wrapped to the pane's width lazily.
///
/// Why lazily: a report over a big list has a thousand tree lines, and wrapping every one of
/// them each frame (and again for each scroll key, to find the last page) was two thirds of a
/// console frame. Lines are counted cheaply (`QueryReport.treeLineColumns`) and only those on
/// screen are built and wrapped.
package struct ConsoleText {
    /// The lines before the result tree (what a fetch did, the report's head), or the one line
    /// saying what runs, what failed or what to type.
    private let head: [(String, StyleRole)]
    private let report: QueryReport?
    private let width: Int
    private let asciiOnly: Bool

    package init(_ state: ExplorerState, keys: KeyMap, width: Int) {
        let console = state.console
        self.width = max(1, width)
        self.asciiOnly = state.asciiOnly
        if console.running != nil {
            head = [("running… (\(keys.keyName(.cancel)) cancels)", .statusMessage)]
            report = nil
        } else if let error = console.error {
            head = [(error, .statusError)]
            report = nil
        } else if let report = console.report {
            head = (console.fetch?.styledLines(undoKey: keys.keyNameAfterLeavingTheConsole(.undo)) ?? []) + report.headLines
            self.report = report
        } else {
            head = [("type a document, e.g. { hero { name friends { name } } }, and press Enter", .textDim)]
            report = nil
        }
    }

    /// How many lines the text takes once wrapped.
    package var count: Int {
        (0..<sourceCount).reduce(0) { $0 + wrappedCount(of: $1) }
    }

    /// Up to `limit` wrapped lines from wrapped line `top` on.
    package func lines(from top: Int, limit: Int) -> [(String, StyleRole)] {
        var out: [(String, StyleRole)] = []
        var skip = max(0, top)
        var index = 0
        while index < sourceCount, out.count < limit {
            let lineCount = wrappedCount(of: index)
            if skip >= lineCount {
                skip -= lineCount
            } else {
                out += wrapped(index).dropFirst(skip).prefix(limit - out.count)
                skip = 0
            }
            index += 1
        }
        return out
    }

    /// Every wrapped line.
    package var all: [(String, StyleRole)] {
        (0..<sourceCount).flatMap(wrapped)
    }

    private var sourceCount: Int { head.count + (report?.lines.count ?? 0) }

    private func source(_ index: Int) -> (String, StyleRole) {
        guard index >= head.count, let report else { return head[index] }
        return report.treeLine(index - head.count)
    }

    private func wrapped(_ index: Int) -> [(String, StyleRole)] {
        let (text, role) = source(index)
        return TextWrap.lines(text, width: width, asciiOnly: asciiOnly).map { ($0, role) }
    }

    /// Lines source line `index` wraps to: a printable ASCII tree line that fits is one line
    /// without being built.
    private func wrappedCount(of index: Int) -> Int {
        if index >= head.count, let columns = report?.treeLineColumns(index - head.count), columns <= width { return 1 }
        return wrapped(index).count
    }
}
