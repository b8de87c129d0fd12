import GraphQLCache

/// Data with a GraphQL store behind it, so that the query console can run a document against
/// the cache and explain every hit and miss.
package protocol QueryExplaining: AnyObject, Sendable {
    /// Runs `document` against the cache alone and explains every hit and miss.
    func explain(document: String, variables: String?) throws -> QueryReport
    /// `explain` off the caller's thread: the outcome arrives through `onChange` as
    /// `.queryExplained(id:_:)`; returns the id, for `cancelExplain`, or nil when the backend
    /// has no background work (then `explain` answers at once).
    func startExplain(document: String, variables: String?) -> Int?
    /// Runs `document` under `policy` as an app's fetch would (cache and/or network), in the
    /// background: the outcome arrives as `.queryExplained(id:_:)` holding `.fetched`; returns
    /// the id, for `cancelExplain`.
    func startFetch(document: String, variables: String?, policy: CachePolicy) -> Int?
    /// Cancels an explain under way (its outcome arrives as `.cancelled`).
    func cancelExplain(_ id: Int)
}
