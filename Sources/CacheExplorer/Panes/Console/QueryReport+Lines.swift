/// A report as styled lines, the same in the query console and in a watch's detail.
extension QueryReport {
    /// Verdict, cache policies, misses, diagnoses, then the result tree.
    package var styledLines: [(String, StyleRole)] {
        headLines + lines.indices.map(treeLine)
    }

    /// The lines before the result tree: verdict, cache policies, misses, diagnoses, `Result:`.
    package var headLines: [(String, StyleRole)] {
        var lines: [(String, StyleRole)] = [(verdict, missCount == 0 ? .queryHit : .queryMiss)]
        lines += policyVerdicts.map { ("  " + $0, StyleRole.text) }
        if !groups.isEmpty {
            lines.append(("Misses:", .title))
            lines += groups.map { ("  " + $0, StyleRole.queryMiss) }
        }
        if !diagnoses.isEmpty {
            lines.append(("Diagnoses:", .title))
            lines += diagnoses.map { ("  " + $0, StyleRole.text) }
        }
        lines.append(("Result:", .title))
        return lines
    }

    /// Line `index` of the result tree as drawn: indented by depth, after its status mark.
    package func treeLine(_ index: Int) -> (String, StyleRole) {
        let line = lines[index]
        let (mark, role) = Self.mark(line.status)
        return (String(repeating: "  ", count: line.depth) + mark + line.text, role)
    }

    /// The columns line `index` of the tree takes when its text is printable ASCII (drawn as
    /// it is, on one line if it fits), counted without building the line; nil otherwise. The
    /// console counts a thousand lines a frame this way, and builds only those it draws.
    package func treeLineColumns(_ index: Int) -> Int? {
        let line = lines[index]
        guard line.text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return 2 * line.depth + Self.markColumns + line.text.utf8.count
    }

    /// Each status's mark (a symbol and a space) and the role its line is drawn in.
    private static func mark(_ status: Line.Status) -> (String, StyleRole) {
        switch status {
        case .hit: ("✓ ", .queryHit)
        case .miss: ("✗ ", .queryMiss)
        case .partial: ("◐ ", .queryMiss)
        case .plain: ("  ", .textDim)
        case .pending: ("… ", .textDim)
        }
    }

    /// The columns every mark takes (each symbol is one column, as `TextWrap` counts it).
    private static let markColumns = 2
}
