import ArgumentParser
import Foundation
import GraphQLCache

/// `cachelens extract CACHE --query FILE.graphql -o OUT.json`: a small cache to share that shows
/// what the big one shows for one query: the records the query reads (and their references as
/// deep as the query reads), with the operation, its variables and the schema texts in one
/// bundle that `cachelens query OUT.json` reproduces (same data, same misses) and `cachelens
/// explore OUT.json` opens. `--anonymize` replaces string and number values first.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write the records one query reads, with the query, to a bundle (.json) that query and explore open.",
        discussion: """
            The bundle is a snapshot whose first member, "$bundle", holds the operation, the \
            variables and the schema texts: `cachelens query OUT.json` (no -e or -f) reads that \
            operation and gives the same answer and the same misses as the original cache. \
            --anonymize replaces every string and number value except __typename and the values \
            that make up a record's own key; keys, field keys (with their arguments), references, \
            booleans, nulls and the shape stay.
            """)

    @Argument(help: "The cache: a SQLite cache file (opened read-only) or a snapshot .json.")
    var cache: String

    @Option(name: .customLong("query"), help: "A file holding the GraphQL document (.graphql).")
    var queryFile: String

    @Option(help: "The variables, as a JSON object.")
    var variables: String?

    @Option(name: .customLong("operation-name"), help: "The operation to read when the document has several.")
    var operationName: String?

    @Option(name: .customLong("schema"), help: "A schema or schema extension file (.graphqls); repeatable. Stored in the bundle.")
    var schemaFiles: [String] = []

    @Option(name: [.customShort("o"), .customLong("output")], help: "The bundle to write (.json).")
    var output: String

    @Flag(help: "Replace string and number values (keeping keys, key-field ids, __typename and the shape).")
    var anonymize = false

    func validate() throws {
        guard CacheFile.isSnapshotPath(output) else { throw ValidationError("the bundle is a snapshot: give -o a name ending in .json") }
        let resolve = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        if resolve(output) == resolve(cache) { throw ValidationError("the bundle would replace the cache file \(cache): give another -o") }
    }

    func run() throws {
        let schemas = try SchemaFiles.load(schemaFiles)
        let file = try CacheFile.open(cache, readOnly: true)
        let store = CacheStore(cache: file.cache, configuration: schemas.configuration)
        let input = OperationInput(text: try InputFile.readText(queryFile, role: "document"), source: queryFile,
                                   operationName: operationName, variables: variables)
        let operation = try input.operation(executor: store.executor)
        let result = try store.readResult(query: operation)
        var records = try RecordExtraction.records(for: result, in: file.cache)
        if anonymize {
            var anonymizer = Anonymizer()
            records = RecordSet(records: records.records.map { anonymizer.anonymize($0) })
        }
        let header = ReproBundle.Header(operation: input.text, operationName: operationName, variables: try input.parsedVariables(),
                                        schema: schemas.texts, source: file.name, anonymized: anonymize)
        try OutputFile.write(output, ReproBundle(header: header, records: records).encoded())
        let outcome = result.isComplete ? "complete" : "\(result.misses.count) miss(es)"
        try StandardOutput.print("wrote \(records.count) record(s) to \(output): the query reads them \(outcome)")
    }
}
