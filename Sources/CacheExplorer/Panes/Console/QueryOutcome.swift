/// How a query run in the background ended.
package enum QueryOutcome: Hashable, Sendable {
    /// It read: the report.
    case report(QueryReport)
    /// It ran under a policy that may fetch: the cache's report before it, and what it did.
    case fetched(QueryReport, ConsoleFetch)
    /// It could not run (a bad document or variables, a broken file): why.
    case failed(String)
    /// `Esc` stopped it.
    case cancelled
}
