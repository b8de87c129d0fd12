import GraphQLCache

/// What running a document under a cache policy did, for the console: where the results came
/// from, what went to the network and why, what it wrote (an undo step), and the data.
package struct ConsoleFetch: Hashable, Sendable {
    /// The policy it ran under.
    package var policy: CachePolicy
    /// Each result's source in order (`cache`, `server`).
    package var sources: [String]
    /// The last result as lines (`hero.name: "R2-D2"`), server errors as `✗` lines.
    package var resultLines: [String]
    /// The error the fetch ended with, if any.
    package var error: String?
    /// Why it went to the network, or why it did not.
    package var networkReason: String
    /// What its server data wrote, for undo (nil when nothing changed).
    package var write: WatchWrite?

    package init(policy: CachePolicy, sources: [String], resultLines: [String], error: String? = nil,
                 networkReason: String, write: WatchWrite? = nil) {
        self.policy = policy
        self.sources = sources
        self.resultLines = resultLines
        self.error = error
        self.networkReason = networkReason
        self.write = write
    }

    /// `cache`, `server`, `cache, then server`, or `nothing`.
    package var sourceText: String {
        sources.isEmpty ? "nothing" : sources.joined(separator: ", then ")
    }

    /// Policy and source, why the network was asked, what was written, the result; `undoKey`
    /// names the key that takes the write back.
    package func styledLines(undoKey: String) -> [(String, StyleRole)] {
        let count = write?.recordCount ?? 0
        let wrote = count == 0 ? "wrote nothing" : "wrote \(count) record\(count == 1 ? "" : "s") (\(undoKey) undoes)"
        var lines: [(String, StyleRole)] = [("\(policy.rawValue): from \(sourceText) · \(wrote)", .title)]
        lines.append(("  network: " + networkReason, .text))
        if let error { lines.append(("✗ " + error, .statusError)) }
        if !resultLines.isEmpty {
            lines.append(("Result (\(sources.last ?? "none")):", .title))
            lines += resultLines.map { ("  " + $0, $0.hasPrefix("✗") ? StyleRole.statusError : .text) }
        }
        lines.append(("Before it ran, the cache:", .title))
        return lines
    }
}
