import GraphQLCache

/// What a watch's own network fetch wrote into the cache: enough to say so and to take it back.
package struct WatchWrite: Hashable, Sendable {
    /// The watch that fetched.
    package var watch: String
    /// The change that made it fetch (a miss after it), nil when the user asked or the watch
    /// started.
    package var cause: ChangeOrigin?
    /// The records the write changed, as they were before it.
    package var previous: [Record]
    /// The records the write created.
    package var created: [CacheKey]

    package init(watch: String, cause: ChangeOrigin?, previous: [Record], created: [CacheKey]) {
        self.watch = watch
        self.cause = cause
        self.previous = previous
        self.created = created
    }

    /// How many records the write touched.
    package var recordCount: Int { previous.count + created.count }
}
