/// A report as styled lines, the same in the query console and in a watch's detail.
extension QueryReport {
    /// Verdict, cache policies, misses, diagnoses, then the result tree.
    package var styledLines: [(String, StyleRole)] {
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
        for line in self.lines {
            let indent = String(repeating: "  ", count: line.depth)
            switch line.status {
            case .hit: lines.append((indent + "✓ " + line.text, .queryHit))
            case .miss: lines.append((indent + "✗ " + line.text, .queryMiss))
            case .partial: lines.append((indent + "◐ " + line.text, .queryMiss))
            case .plain: lines.append((indent + "  " + line.text, .textDim))
            case .pending: lines.append((indent + "… " + line.text, .textDim))
            }
        }
        return lines
    }
}
