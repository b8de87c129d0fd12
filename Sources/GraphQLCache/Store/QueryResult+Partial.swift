/// Partial results, as Apollo Kotlin's normalized cache gives them: the data found, with one
/// error per field the cache could not give.
extension QueryResult {
    /// A cache result made from a read that may have missed (read with `missesAsNull`, so every
    /// missing field stands as null): its misses become `missingFields`.
    init(partialRead read: ReadResult) {
        self.init(data: read.data ?? JSONObject(), source: .cache, dependencies: read.dependencies)
        pending = read.pending
        missingFields = read.misses
    }

    /// Whether the result holds everything its query selects (no missing field).
    public var isComplete: Bool { missingFields.isEmpty }
}
