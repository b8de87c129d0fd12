import CacheDiagnostics
import GraphQLCache

/// One operation of `cachelens check`: read from the cache and explained, or why it could not be
/// read (skipped as a mutation, or an error in its document or variables).
struct OperationCheck {
    let entry: OperationCatalog.Entry
    var explanation: MissExplanation?
    var error: String?
    var skipped: String?

    static func run(_ entry: OperationCatalog.Entry, store: CacheStore, variables: JSONObject?,
                    diagnoser: MissDiagnoser) throws -> OperationCheck {
        var check = OperationCheck(entry: entry)
        guard entry.kind == "query" else {
            check.skipped = "a \(entry.kind) is not read from the cache"
            return check
        }
        let operation: GraphQLOperation
        do {
            operation = try store.executor.operation(document: entry.document, variables: variables ?? JSONObject())
        } catch {
            check.error = error.description
            return check
        }
        check.explanation = try MissExplanation(result: try store.readResult(query: operation), diagnoser: diagnoser)
        return check
    }

    /// `{"name","file","complete","misses","groups","diagnoses"}`, or with `error`/`skipped`.
    var jsonObject: JSONObject {
        var object: JSONObject = ["name": .string(entry.name), "file": .string(entry.file)]
        if let explanation {
            object["complete"] = .bool(explanation.result.isComplete)
            object["misses"] = .int(explanation.result.misses.count)
            object["groups"] = .array(explanation.groups.map { .object($0.jsonObject) })
            object["diagnoses"] = .array(explanation.diagnoses.map { .object($0.jsonObject) })
        } else {
            object["complete"] = .bool(false)
            if let error { object["error"] = .string(error) }
            if let skipped { object["skipped"] = .string(skipped) }
        }
        return object
    }

    /// What the table's result column says.
    var verdict: String {
        if let skipped { return "skipped: " + skipped }
        if let error { return "error: " + error }
        guard let explanation else { return "" }
        return explanation.result.isComplete ? "hit" : "miss: " + explanation.verdict.replacingOccurrences(of: "incomplete: ", with: "")
    }

    /// A table of operation, file and result, each miss followed by its groups and diagnoses.
    static func table(_ checks: [OperationCheck]) -> String {
        let nameWidth = max(9, checks.map(\.entry.name.count).max() ?? 0)
        let fileWidth = max(4, checks.map(\.entry.file.count).max() ?? 0)
        func row(_ a: String, _ b: String, _ c: String) -> String {
            a.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + b.padding(toLength: fileWidth, withPad: " ", startingAt: 0) + "  " + c
        }
        var lines = [row("OPERATION", "FILE", "RESULT")]
        for check in checks {
            lines.append(row(check.entry.name, check.entry.file, check.verdict))
            guard let explanation = check.explanation, !explanation.result.isComplete else { continue }
            lines += explanation.groups.prefix(10).map { "    " + $0.summary }
            if explanation.groups.count > 10 { lines.append("    … and \(explanation.groups.count - 10) more groups") }
            lines += explanation.diagnoses.flatMap(\.lines).map { "    " + $0 }
        }
        let queries = checks.filter { $0.skipped == nil }
        let hits = queries.filter { $0.explanation?.result.isComplete ?? false }.count
        let errors = queries.filter { $0.error != nil }.count
        lines.append("")
        lines.append("\(queries.count) quer\(queries.count == 1 ? "y" : "ies"): \(hits) answered by the cache, \(queries.count - hits - errors) miss, \(errors) could not run"
                     + (checks.count > queries.count ? "; \(checks.count - queries.count) skipped" : ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
