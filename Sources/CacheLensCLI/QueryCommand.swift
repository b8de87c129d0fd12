import CacheDiagnostics
import ArgumentParser
import GraphQLCache

/// `cachelens query CACHE -e DOCUMENT | -f FILE`: reads a GraphQL query from a cache file (a
/// SQLite cache or a snapshot) the way an app's `returnCacheDataDontFetch` would, and says
/// exactly why it misses when it does.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Read a GraphQL query from a cache file (.sqlite, or a .json snapshot); explain misses.",
        discussion: """
            Prints the data as JSON. A miss prints, on standard error, the verdict and what each cache \
            policy would do, the misses grouped (misses that differ only in list indices are one \
            line, most frequent first) and what they mean with the fix, and exits with status 2; \
            other failures (a bad document, a variable that does not fit its type) exit with status 1. \
            --explain prints {"complete","data","misses","dependentKeys","groups","diagnoses"} (the \
            harness explain op) and exits with status 2 when the read is incomplete. A @defer fragment \
            the cache does not hold is pending, not a miss: it is named on standard error (and under \
            "pending" with --explain).
            """)

    @Argument(help: "The cache: a SQLite cache file (opened read-only) or a snapshot file ending in .json.")
    var cache: String

    @Option(name: [.customShort("e"), .customLong("document")], help: "The GraphQL document.")
    var document: String?

    @Option(name: [.customShort("f"), .customLong("file")], help: "A file holding the GraphQL document (.graphql).")
    var documentFile: String?

    @Option(help: "The variables, as a JSON object.")
    var variables: String?

    @Option(name: .customLong("operation-name"), help: "The operation to read when the document has several.")
    var operationName: String?

    @Option(name: .customLong("schema"), help: "A schema or schema extension file (.graphqls, @typePolicy/@fieldPolicy); repeatable.")
    var schemaFiles: [String] = []

    @OptionGroup(title: "Limits")
    var limitOptions: LimitOptions

    @Flag(help: "Print the partial data, every miss, the dependent keys, the miss groups, the diagnoses and the pending @defer fragments as JSON.")
    var explain = false

    func validate() throws {
        if (document == nil) == (documentFile == nil) {
            throw ValidationError("give the document with exactly one of -e DOCUMENT or -f FILE")
        }
    }

    func run() throws {
        let schemas = try SchemaFiles.load(schemaFiles, limits: limitOptions.limits())
        let file = try CacheFile.open(cache, readOnly: true)
        let store = CacheStore(cache: file.cache, configuration: schemas.configuration)
        let operation = try makeOperation(executor: store.executor)
        let result = try store.readResult(query: operation)
        let explanation = { try MissExplanation(result: result, diagnoser: MissDiagnoser(configuration: store.configuration, cache: file.cache)) }
        if explain {
            try StandardOutput.write(JSONValue.object(try explanation().jsonObject).jsonText + "\n")
        } else if result.isComplete {
            try StandardOutput.write(JSONValue.object(result.data ?? JSONObject()).jsonText + "\n")
            // Complete, yet without the deferred fragments the cache does not hold: say which.
            for fragment in result.pending {
                StandardOutput.error("pending: @defer fragment at \(TerminalText.escaped(fragment.description)) is not in the cache (not a miss)\n")
            }
        } else {
            StandardOutput.error(MissReport.text(try explanation()))
        }
        if !result.isComplete { throw ExitCode(2) }
    }
}
