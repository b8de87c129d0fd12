import GraphQLCache

/// Data that can search its values in the background (`:find` over a million records without
/// freezing the keys). Without it the explorer scans `forEachRecord` at once.
package protocol ValueFinding: AnyObject, Sendable {
    /// Starts finding the records whose values match `search` off the caller's thread: matches
    /// arrive through `onChange` as `.found`, slice by slice. Returns the search's id, or nil
    /// when it cannot search in the background (the explorer then scans at once).
    func startFind(_ search: ValueSearch) -> Int?
    /// Stops the search `id` before its next slice.
    func cancelFind(_ id: Int)
}
