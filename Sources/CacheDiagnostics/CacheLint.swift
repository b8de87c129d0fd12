import GraphQLCache

/// The health of a whole cache, in one streaming pass over its records: objects without cache
/// ids, the same object under several keys, dangling references, records no root reaches,
/// broken rows, records without `__typename`. `cachelens lint`, the explorer's `:lint` and the
/// harness `lint` op show its findings.
public struct CacheLint {
    /// The schema (key fields, `@typePolicy`) the cache is linted against.
    public let configuration: CacheConfiguration

    public init(configuration: CacheConfiguration = CacheConfiguration()) {
        self.configuration = configuration
    }

    /// Lints a cache: one scan of its records, then point loads for duplicate candidates.
    public func run(on cache: any BrowsableNormalizedCache) throws -> [LintFinding] {
        guard let scanning = cache as? any LintRowScanning else {
            return try run(scan: { visit in try cache.forEachRecord(visit) }, source: CacheRecordSource(cache))
        }
        var state = LintScan(schema: configuration.schema)
        var graph = ReferenceGraph()
        try scanning.scanForLint(into: &graph) { state.add($0) }
        graph.finishRows()
        state.graph = graph
        return try findings(state, source: CacheRecordSource(cache))
    }

    /// Lints what `scan` visits (records, and rows that failed to decode); `source` loads records
    /// back for comparing duplicates.
    public func run(scan: ((ScannedRow) throws -> Void) throws -> Void,
                    source: any RecordSource) throws -> [LintFinding] {
        var state = LintScan(schema: configuration.schema)
        try scan { state.add($0) }
        return try findings(state, source: source)
    }

    /// The findings of a finished scan.
    private func findings(_ state: LintScan, source: any RecordSource) throws -> [LintFinding] {
        var findings: [LintFinding] = []
        if !state.broken.isEmpty { findings.append(brokenRows(state.broken)) }
        let dangling = state.dangling()
        if dangling.count > 0 { findings.append(danglingReferences(dangling)) }
        findings += try duplicates(state, source: source)
        findings += noCacheIds(state)
        if state.withoutTypenameCount > 0 {
            findings.append(LintFinding(
                kind: .missingTypename,
                message: "\(MissGroup.number(state.withoutTypenameCount)) record(s) hold no __typename: Apollo iOS stores it for every object, so these were written some other way, and fragments on interfaces or unions cannot match them.",
                keys: state.withoutTypename, count: state.withoutTypenameCount,
                suggestion: "write these objects with __typename (select it, or refetch them through Apollo)"))
        }
        let unreachable = state.unreachable(limit: LintFinding.keyLimit * 10)
        if unreachable.count > 0 {
            findings.append(LintFinding(
                kind: .unreachable,
                message: "\(MissGroup.number(unreachable.count)) record(s) are not reachable from QUERY_ROOT, MUTATION_ROOT or SUBSCRIPTION_ROOT: no query reads them.",
                keys: unreachable.keys, count: unreachable.count,
                suggestion: "delete them: a garbage collection of unreachable records removes exactly these"))
        }
        return findings
    }

    private func brokenRows(_ broken: [BrokenRecord]) -> LintFinding {
        let first = broken[0]
        return LintFinding(
            kind: .brokenRow,
            message: "\(MissGroup.number(broken.count)) row(s) do not hold valid record JSON; e.g. \(first.description)",
            keys: broken.map(\.key), count: broken.count,
            suggestion: "delete these records, or refetch what wrote them")
    }

    private func danglingReferences(_ dangling: (count: Int, examples: [(from: CacheKey, to: CacheKey)])) -> LintFinding {
        let first = dangling.examples[0]
        return LintFinding(
            kind: .danglingReference,
            message: "\(MissGroup.number(dangling.count)) reference(s) name absent records; e.g. \(first.from) -> \(first.to)",
            keys: Array(Set(dangling.examples.map(\.from))), count: dangling.count,
            suggestion: "refetch the queries that read them, or remove the records holding them")
    }

    /// `noCacheId` per type: path-keyed objects of a type that has (or could have) a cache id.
    private func noCacheIds(_ state: LintScan) -> [LintFinding] {
        state.pathKeyed.sorted { $0.key < $1.key }.compactMap { typename, entry in
            let policy = configuration.schema?.keyFields(for: typename)
            let keyedElsewhere = state.idKeyedTypes.contains(typename)
            guard policy != nil || entry.withKeyFields > 0 || keyedElsewhere else { return nil }
            let fields = (policy ?? ["id"]).joined(separator: " ")
            let suggestion = policy == nil && entry.withKeyFields > 0
                ? "extend type \(typename) @typePolicy(keyFields: \"\(fields)\")"
                : "select \((policy ?? ["id"]).map { "`\($0)`" }.joined(separator: " and ")) wherever \(typename) is fetched"
            return LintFinding(
                kind: .noCacheId,
                message: "\(MissGroup.number(entry.count)) \(typename) record(s) are stored under response paths, not cache ids (\(MissGroup.number(entry.withKeyFields)) of them hold \(fields)): queries reaching the same \(typename) another way do not share them.",
                keys: entry.examples, count: entry.count, suggestion: suggestion)
        }
    }
}
