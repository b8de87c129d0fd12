import CacheDiagnostics
import GraphQLCache

/// Runs a document against the cache alone and turns the result into the query console's
/// report (`QueryReport`): the verdict and what each cache policy would do, the misses grouped
/// with their diagnoses, then the data as a tree in query order with every field marked hit,
/// miss or partial. The watches pane shows the same report for a watch's last read.
struct QueryExplainer {
    let executor: GraphQLExecutor

    /// `cache` is the store's cache, browsed when a diagnosis needs a census of every record.
    func explain(document: String, variables: String?, store: CacheStore,
                 cache: any BrowsableNormalizedCache) throws -> QueryReport {
        let variableObject = try VariablesText.parse(variables ?? "")
        let operation = try executor.operation(document: document, variables: variableObject)
        let result = try store.withinReadTransaction { transaction in
            try executor.read(operation, from: TransactionRecords(transaction: transaction),
                              options: Self.readOptions)
        }
        return try report(from: result, cache: cache)
    }

    /// Misses read as null (the tree keeps every field in place), and only the list elements
    /// the report draws kept (`QueryReport.elementLimit`; the others are read for their misses
    /// and counts), so a console query over 100,000 items does not hold them all.
    static let readOptions = ReadOptions(missesAsNull: true, listElementLimit: QueryReport.elementLimit)

    /// The report of a read already made (a watch's, read with `missesAsNull`), the same the
    /// console shows.
    func report(from result: ReadResult, cache: any BrowsableNormalizedCache) throws -> QueryReport {
        let diagnoser = MissDiagnoser(configuration: executor.configuration, cache: cache)
        return QueryReport(try MissExplanation(result: result, diagnoser: diagnoser))
    }
}
