import CacheDiagnostics
import GraphQLCache

/// One operation of `cachelens check`: read from the cache and explained, or why it could not be
/// read (skipped as a mutation, or an error in its document or variables).
struct OperationCheck {
    let entry: OperationCatalog.Entry
    var explanation: MissExplanation?
    var error: String?
    /// Where in the file the error is: the GraphQL error's place, or the operation's start.
    var errorLocation: DocumentLocation?
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
            check.record(error)
            return check
        }
        check.explanation = try MissExplanation(result: try store.readResult(query: operation), diagnoser: diagnoser)
        return check
    }

    /// The error's message, and its place in the file: a document error's own location moved
    /// from the operation's document into its file, any other (a variable) at the operation.
    private mutating func record(_ error: GraphQLCacheError) {
        guard case .invalidDocument(let message, let locations) = error, let first = locations.first else {
            self.error = error.description
            errorLocation = entry.location
            return
        }
        self.error = message
        errorLocation = entry.fileLocation(first)
    }

    /// The file column: the file, with the line and column of an error.
    var place: String {
        errorLocation.map { "\(entry.file):\($0.line):\($0.column)" } ?? entry.file
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
            if let errorLocation {
                object["line"] = .int(errorLocation.line)
                object["column"] = .int(errorLocation.column)
            }
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
}

extension OperationCatalog.Problem {
    /// `{"severity","file","line","column","operation","message"}` (place and operation when known).
    var jsonObject: JSONObject {
        var object: JSONObject = ["severity": .string(severity.rawValue), "file": .string(file), "message": .string(message)]
        if let location {
            object["line"] = .int(location.line)
            object["column"] = .int(location.column)
        }
        if let operation { object["operation"] = .string(operation) }
        return object
    }
}
