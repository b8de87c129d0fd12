import GraphQLCache

/// A read explained for people and scripts: the verdict first (complete, or how many misses in
/// how many groups, and what each cache policy would do), then the miss groups, then what they
/// mean (`Diagnosis`). `cachelens query` and `check`, the query console and the harness `explain`
/// all show this one thing.
public struct MissExplanation: Sendable {
    /// The read: partial data, every miss, dependent keys.
    public let result: ReadResult
    /// The misses grouped, most frequent first.
    public let groups: [MissGroup]
    /// What the groups mean and what to change.
    public let diagnoses: [Diagnosis]

    /// Groups the misses and, with a diagnoser, diagnoses the groups.
    public init(result: ReadResult, diagnoser: MissDiagnoser?) throws {
        self.result = result
        self.groups = MissGroup.group(result.misses, data: result.data, elided: result.elided)
        self.diagnoses = try diagnoser?.diagnose(groups) ?? []
    }

    /// `complete: every field is in the cache` or `incomplete: 100,000 misses in 1 group`.
    public var verdict: String {
        if result.isComplete {
            let pending = result.pending.count
            return "complete: every field is in the cache"
                + (pending == 0 ? "" : " (\(pending) deferred fragment\(pending == 1 ? "" : "s") pending)")
        }
        let misses = result.misses.count
        return "incomplete: \(MissGroup.number(misses)) miss\(misses == 1 ? "" : "es") in \(MissGroup.number(groups.count)) group\(groups.count == 1 ? "" : "s")"
    }

    /// What each cache policy would do with this read.
    public var policyLines: [String] { PolicyVerdicts.lines(misses: result.misses.count) }

    /// The harness `explain` object: `complete`, `data`, `misses`, `dependentKeys`, `groups`,
    /// `diagnoses`.
    public var jsonObject: JSONObject {
        var object = result.explanationJSON
        object["groups"] = .array(groups.map { .object($0.jsonObject) })
        object["diagnoses"] = .array(diagnoses.map { .object($0.jsonObject) })
        return object
    }

    /// The report as lines: verdict, policies, at most `groupLimit` groups, diagnoses.
    public func reportLines(groupLimit: Int = 20) -> [String] {
        var lines = [verdict] + policyLines.map { "  " + $0 }
        if !result.pending.isEmpty {
            lines.append("pending (@defer, not in the cache yet):")
            lines += result.pending.map { "  " + $0.description }
        }
        guard !result.isComplete else { return lines }
        lines.append("misses:")
        lines += groups.prefix(groupLimit).map { "  " + $0.summary }
        if groups.count > groupLimit {
            lines.append("  … and \(MissGroup.number(groups.count - groupLimit)) more groups")
        }
        if !diagnoses.isEmpty {
            lines.append("diagnoses:")
            lines += diagnoses.flatMap(\.lines).map { "  " + $0 }
        }
        return lines
    }
}

/// One sentence per cache policy, given how many misses the cache read had.
public enum PolicyVerdicts {
    /// The six cache policies, in `CachePolicy`'s order.
    public static func lines(misses: Int) -> [String] {
        let because = "because of \(MissGroup.number(misses)) miss\(misses == 1 ? "" : "es")"
        let complete = misses == 0
        return [
            "returnCacheDataElseFetch: " + (complete ? "would return cache data, no network" : "would go to the network \(because)"),
            "returnCacheDataDontFetch: " + (complete ? "would return cache data" : "would fail with a cache miss \(because)"),
            "returnCacheDataAndFetch: " + (complete ? "would return cache data, then fetch and update it"
                : "would skip the cache \(because), then fetch"),
            "fetchIgnoringCacheData: would go to the network and write the result",
            "fetchIgnoringCacheCompletely: would go to the network, not writing the cache",
            "networkFirst: would go to the network; offline it " + (complete ? "would return cache data" : "would fail \(because)"),
        ]
    }
}
