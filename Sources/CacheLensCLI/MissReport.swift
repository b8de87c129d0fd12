import CacheDiagnostics
import GraphQLCache

/// Cache misses as people read them: the verdict and what each policy would do, the misses
/// grouped (a list of 100,000 items missing one field is one line), then what they mean and
/// what to change.
enum MissReport {
    static func text(_ explanation: MissExplanation) -> String {
        var lines = explanation.reportLines()
        lines[0] = "cache miss: " + lines[0]
        lines.append("(--explain prints the partial data, every miss, the groups and the diagnoses as JSON)")
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n"
    }
}
