/// Options of a read.
public struct ReadOptions: Sendable, Hashable {
    /// Treat an absent nullable field as null instead of a miss: what Apollo's local cache
    /// mutations (`update(query:)`) need to edit data that was only partly cached.
    public var allowMissingNullableFields: Bool
    /// Leave a null where a field missed (the miss is still recorded), so that the partial data
    /// keeps every selected field in query order: what a tree of hits and misses is drawn from.
    public var missesAsNull: Bool
    /// Give every object read its `__typename` even when the document does not select it, so
    /// data written back (local mutations) keeps its cache ids, as Apollo's generated
    /// selection sets always select it.
    public var includeTypename: Bool
    /// Keep at most this many elements of each list of objects in the data; the others are read
    /// all the same (their misses and dependencies recorded, their objects counted in
    /// `ReadResult.elided`) and stand as null. For a screen that shows the first elements of a
    /// list: a read of 100,000 items then holds a few hundred of them, not 90 MB of data.
    public var listElementLimit: Int?
    /// Deliver a read that missed as a result holding the data found, with one error per
    /// missing field (`QueryResult.missingFields`), instead of as a miss: Apollo Kotlin's
    /// partial data. Use with `missesAsNull`, so that each missing field stands as null.
    public var returnPartialData: Bool

    public init(allowMissingNullableFields: Bool = false, missesAsNull: Bool = false, includeTypename: Bool = false,
                listElementLimit: Int? = nil, returnPartialData: Bool = false) {
        self.returnPartialData = returnPartialData
        self.allowMissingNullableFields = allowMissingNullableFields
        self.missesAsNull = missesAsNull
        self.includeTypename = includeTypename
        self.listElementLimit = listElementLimit
    }
}

/// The outcome of reading a document from records: the (possibly partial) data, every miss,
/// and the field keys the read depended on (watchers re-read when one of them changes).
public struct ReadResult: Sendable {
    /// The data in selection order; fields that missed are absent. Nil when the root itself
    /// missed.
    public var data: JSONObject?
    /// Every miss, in document order.
    public var misses: [CacheMiss]
    /// `record.field` for every field looked up, misses included, grouped by record (what a
    /// watcher registers).
    public var dependencies: FieldDependencies

    /// Fragments applied by guess: their type could not be placed (no schema), and the record
    /// held their fields (Apollo Client's heuristic fragment matching).
    public var guesses: [TypeGuess]
    /// Deferred fragments (`@defer`) whose data is not in the cache: left out of `data`, and not
    /// misses (a read with only pending fragments is complete).
    public var pending: [PendingFragment] = []
    /// What `ReadOptions.listElementLimit` left out of `data` (null in its place), counted.
    public var elided = ElidedCounts()
    /// Paths of absent nullable fields that the read filled in as null
    /// (`allowMissingNullableFields`), so a local mutation can leave them absent.
    var filledAbsent: [[PathComponent]] = []
    /// Stored typenames of objects whose selection lacks `__typename` (`includeTypename`):
    /// where they are and what they are, so data written back keeps its cache ids.
    var addedTypenames: [([PathComponent], String)] = []

    public init(data: JSONObject?, misses: [CacheMiss], dependentKeys: Set<FieldKey>, guesses: [TypeGuess] = []) {
        self.init(data: data, misses: misses, dependencies: FieldDependencies(dependentKeys), guesses: guesses)
    }

    /// A result whose dependencies are already grouped (what a read makes).
    public init(data: JSONObject?, misses: [CacheMiss], dependencies: FieldDependencies, guesses: [TypeGuess] = []) {
        self.data = data
        self.misses = misses
        self.dependencies = dependencies
        self.guesses = guesses
    }

    /// `dependencies` as a set of field keys, for callers that test or list them one by one;
    /// built on each call (700,000 keys for a read of 100,000 items).
    public var dependentKeys: Set<FieldKey> {
        get { dependencies.fieldKeys }
        set { dependencies = FieldDependencies(newValue) }
    }

    /// Whether the read found everything.
    public var isComplete: Bool { misses.isEmpty }

    /// The data when complete; otherwise throws the first miss as `GraphQLCacheError.cacheMiss`.
    public func completeData() throws(GraphQLCacheError) -> JSONObject {
        if let miss = misses.first { throw .cacheMiss(miss) }
        return data ?? JSONObject()
    }
}
