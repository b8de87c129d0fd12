/// One fetch with one cache policy: reads the cache and/or the network in the order the policy
/// says, delivers each result, writes server data, and remembers what it produced.
struct FetchRun {
    /// Hears each result or failure, with the cache read behind it (nil for a server answer).
    typealias Handler = @Sendable (Result<QueryResult, GraphQLCacheError>, ReadResult?) -> Void
    /// Writes a response's records in place of `CacheStore.merge` (a watcher's `writeResponse`).
    typealias Writer = @Sendable (RecordSet) throws -> Void

    let client: GraphQLClient
    let query: GraphQLOperation
    let origin: ChangeOrigin?
    let handler: Handler?
    let readOptions: ReadOptions
    let writer: Writer?
    private(set) var outcome = FetchOutcome()
    /// The last read of the cache, kept so a watcher can depend on what a failed read needed.
    private(set) var lastRead: ReadResult?
    /// Reads the cache as a tree a watcher keeps (`WatchTree`), in place of a plain read.
    typealias TreeRead = (GraphQLOperation, ReadOptions) throws -> (ReadResult, WatchTree?)
    /// Set by a watcher, so that its first change patches the first read instead of reading
    /// the whole query again (a second of a 100,000-item watch).
    var treeRead: TreeRead?
    /// The tree of the last cache read while nothing came after it (nil once the run asked
    /// the server, whose answer it may write).
    private(set) var lastTree: WatchTree?

    init(client: GraphQLClient, query: GraphQLOperation, origin: ChangeOrigin?, handler: Handler?,
         readOptions: ReadOptions = ReadOptions(), writer: Writer? = nil) {
        self.client = client
        self.query = query
        self.origin = origin
        self.handler = handler
        self.readOptions = readOptions
        self.writer = writer
    }

    mutating func run(_ policy: CachePolicy) async {
        switch policy {
        case .cacheFirst:
            if deliverCacheIfComplete() { return }
            if outcome.error == nil { await fetchFromServer(write: true, recheckingCache: true) }
        case .networkOnly:
            await fetchFromServer(write: true)
        case .fetchIgnoringCacheCompletely:
            await fetchFromServer(write: false)
        case .cacheOnly:
            if deliverCacheIfComplete() || outcome.error != nil { return }
            if readOptions.returnPartialData, let read = lastRead { return deliver(QueryResult(partialRead: read), read: read) }
            fail(lastRead?.misses.first.map(GraphQLCacheError.cacheMiss) ?? .noResults)
        case .cacheAndNetwork:
            _ = deliverCacheIfComplete()
            if outcome.error == nil { await fetchFromServer(write: true) }
        case .networkFirst:
            await networkFirst()
        }
    }

    private mutating func networkFirst() async {
        lastTree = nil
        let turn = await client.turn(for: query)
        defer { turn.finish() }
        switch turn.outcome {
        case .answer(.success(let response)): complete(response, write: true)
        case .answer(.failure(let error)):
            if deliverCacheIfComplete(networkError: error) { return }
            if outcome.error == nil { fail(error) }
        case .cached(let read): deliverCache(read)
        }
    }

    /// Reads the cache; delivers the data when the read is complete. A storage failure ends
    /// the fetch with an error.
    private mutating func deliverCacheIfComplete(networkError: GraphQLCacheError? = nil) -> Bool {
        let read: ReadResult
        do {
            if let treeRead {
                (read, lastTree) = try treeRead(query, readOptions)
            } else {
                read = try client.store.readResult(query: query, options: readOptions)
            }
        } catch {
            lastTree = nil
            fail(.storage("\(error)"))
            return false
        }
        lastRead = read
        guard read.isComplete else { return false }
        deliverCache(read, networkError: networkError)
        return true
    }

    private mutating func deliverCache(_ read: ReadResult, networkError: GraphQLCacheError? = nil) {
        lastRead = read
        var result = QueryResult(data: read.data ?? JSONObject(), source: .cache, dependencies: read.dependencies,
                                 networkError: networkError)
        result.pending = read.pending
        deliver(result, read: read)
    }

    /// Fetches from the server (or joins an equal request under way) and writes the answer
    /// before the request stops counting as under way. With `recheckingCache`, a request that
    /// an equal one made needless in the meantime (its answer is in the cache now) is not sent.
    private mutating func fetchFromServer(write: Bool, recheckingCache: Bool = false) async {
        lastTree = nil
        let store = client.store
        let query = query
        let options = readOptions
        let recheck: (() -> ReadResult?)? = recheckingCache ? {
            guard let read = try? store.readResult(query: query, options: options), read.isComplete else { return nil }
            return read
        } : nil
        let turn = await client.turn(for: query, recheck: recheck)
        defer { turn.finish() }
        switch turn.outcome {
        case .answer(.success(let response)): complete(response, write: write)
        case .answer(.failure(let error)): fail(error)
        case .cached(let read): deliverCache(read)
        }
    }

    /// Turns a server response into a result: normalizes its data, writes it when asked, and
    /// computes what the result depends on.
    private mutating func complete(_ response: TransportResponse, write: Bool) {
        guard response.data != nil || !response.errors.isEmpty else { return fail(.noResults) }
        var dependencies = FieldDependencies()
        if let data = response.data {
            let executor = client.store.executor
            do {
                let records = try executor.normalize(data: data, for: query)
                dependencies = Self.dependencies(of: records, for: query, executor: executor)
                if write, let writer { try writer(records) } else if write { try client.store.merge(records: records, origin: origin) }
            } catch let error as GraphQLCacheError {
                return fail(.invalidResponse(error.description))
            } catch {
                return fail(.storage("\(error)"))
            }
        }
        let data = response.data.map { client.store.executor.selectedData($0, for: query) }
        deliver(QueryResult(data: data, errors: response.errors, extensions: response.extensions,
                              source: .server, dependencies: dependencies))
    }

    /// What a server result depends on. Normalizing succeeds only when the data holds every
    /// selected field, so a read of the operation back from `records` visits only fields they
    /// hold: their field keys cover it without doing that read (a fifth of a fetch's time on a
    /// long list). A fragment under `@defer` may not have come yet, and a read depends on its
    /// fields all the same (so a watcher hears them arrive): then the read is done. So it is
    /// without a schema for a document with type conditions: a fragment whose type cannot be
    /// placed is matched by guess on its fields being there, and the read depends on them.
    private static func dependencies(of records: RecordSet, for query: GraphQLOperation,
                                     executor: GraphQLExecutor) -> FieldDependencies {
        let guesses = executor.configuration.schema == nil && hasTypeConditions(query.selectionSet)
        guard guesses || query.selectionSet.defersFragments(query.variables) else {
            return FieldDependencies(records.records.lazy.flatMap { record in
                record.fields.keys.lazy.map { FieldKey(record: record.key, field: $0) }
            })
        }
        return (try? executor.read(query, from: records))?.dependencies ?? FieldDependencies()
    }

    /// Whether a fragment with a type condition is anywhere in `selections`.
    private static func hasTypeConditions(_ selections: SelectionSetPlan) -> Bool {
        selections.items.contains { item in
            switch item {
            case .field(let field): field.selectionSet.map(hasTypeConditions) ?? false
            case .typeCase(let condition, _, _, let inner): condition != nil || hasTypeConditions(inner)
            }
        }
    }

    private mutating func deliver(_ result: QueryResult, read: ReadResult? = nil) {
        outcome.results.append(result)
        handler?(.success(result), read)
    }

    /// Ends the fetch with `error`; a miss is handed over with the read that missed.
    private mutating func fail(_ error: GraphQLCacheError) {
        outcome.error = error
        var read: ReadResult?
        if case .cacheMiss = error { read = lastRead }
        handler?(.failure(error), read)
    }
}
