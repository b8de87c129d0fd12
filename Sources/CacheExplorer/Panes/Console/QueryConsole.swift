import GraphQLCache

/// The query console: the document and variables typed (Tab switches between them) and the
/// last report.
package struct QueryConsole: Hashable, Sendable {
    package var input: LineInput
    /// Variables as a JSON object; empty for none.
    package var variables: LineInput
    /// Whether keys go to the variables line rather than the document.
    package var editingVariables: Bool
    /// A new report or error is shown from its first line, whatever the last was scrolled to.
    package var report: QueryReport? { didSet { top = 0 } }
    /// What the last run under a policy that may fetch did (nil for a cache-only run).
    package var fetch: ConsoleFetch?
    /// The policy a run uses; `returnCacheDataDontFetch` (the default) reads the cache alone.
    package var policy: CachePolicy = .returnCacheDataDontFetch
    package var error: String? { didSet { top = 0 } }
    /// The first line of the outcome shown (scrolled with `j`/`k`, `PgDn`/`PgUp`).
    package var top: Int
    /// The background run under way (its id), if any.
    package var running: Int?

    package init(input: LineInput = LineInput(), variables: LineInput = LineInput(), editingVariables: Bool = false,
                report: QueryReport? = nil, error: String? = nil, top: Int = 0) {
        self.input = input
        self.variables = variables
        self.editingVariables = editingVariables
        self.report = report
        self.error = error
        self.top = top
    }
}
