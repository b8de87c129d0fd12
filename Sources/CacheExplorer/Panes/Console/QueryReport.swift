import CacheDiagnostics
import GraphQLCache

/// A query read from the cache as the query console (and a watch's detail) shows it: the verdict
/// first, what each cache policy would do, the misses grouped (one line for a list of 100,000
/// items that all miss a field), what they mean and what to change, then the result tree in
/// query order. Built from a `MissExplanation` whose read left nulls where fields missed
/// (`ReadOptions.missesAsNull`), so the tree keeps every selected field in place.
package struct QueryReport: Hashable, Sendable {
    /// One line of the result tree.
    package struct Line: Hashable, Sendable {
        /// `hit`: found; `miss`: a miss stands here; `partial`: found, but something below missed;
        /// `plain`: a note (elements not shown); `pending`: a deferred fragment (`@defer`) whose
        /// data is not in the cache, which is not a miss.
        package enum Status: Hashable, Sendable { case hit, miss, partial, plain, pending }
        package var depth: Int
        package var text: String
        package var status: Status

        package init(depth: Int, text: String, status: Status) {
            self.depth = depth
            self.text = text
            self.status = status
        }
    }

    /// At most this many elements of one list are drawn; the miss groups cover the rest.
    package static let elementLimit = 50

    /// `complete: every field is in the cache` or `incomplete: N misses in M groups`.
    package var verdict: String
    /// How many misses there were.
    package var missCount: Int
    /// What each cache policy would do, one sentence each.
    package var policyVerdicts: [String]
    /// One line per miss group, most frequent first.
    package var groups: [String]
    /// The diagnoses as lines (`kind: message`, then `  fix: …`).
    package var diagnoses: [String]
    /// The field tree, in query order.
    package var lines: [Line]

    package init(verdict: String, missCount: Int, policyVerdicts: [String], groups: [String] = [],
                diagnoses: [String] = [], lines: [Line]) {
        self.verdict = verdict
        self.missCount = missCount
        self.policyVerdicts = policyVerdicts
        self.groups = groups
        self.diagnoses = diagnoses
        self.lines = lines
    }

    /// The report of an explained read.
    package init(_ explanation: MissExplanation) {
        let result = explanation.result
        var builder = ResultTree(misses: result.misses, pending: result.pending)
        if let data = result.data {
            builder.appendObject(data, path: [], depth: 0)
        } else {
            for miss in result.misses { builder.lines.append(ResultTree.missLine(miss, depth: 0)) }
        }
        self.init(verdict: explanation.verdict, missCount: result.misses.count, policyVerdicts: explanation.policyLines,
                  groups: explanation.groups.map(\.summary), diagnoses: explanation.diagnoses.flatMap(\.lines),
                  lines: builder.lines)
    }
}
