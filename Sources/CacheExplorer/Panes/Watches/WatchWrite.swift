import GraphQLCache

/// What a watch's own network fetch wrote into the cache: enough to say so and to take it back.
public struct WatchWrite: Hashable, Sendable {
    /// The watch that fetched.
    public var watch: String
    /// The change that made it fetch (a miss after it), nil when the user asked or the watch
    /// started.
    public var cause: ChangeOrigin?
    /// The records the write changed, as they were before it.
    public var previous: [Record]
    /// The records the write created.
    public var created: [CacheKey]

    public init(watch: String, cause: ChangeOrigin?, previous: [Record], created: [CacheKey]) {
        self.watch = watch
        self.cause = cause
        self.previous = previous
        self.created = created
    }

    /// How many records the write touched.
    public var recordCount: Int { previous.count + created.count }
}
