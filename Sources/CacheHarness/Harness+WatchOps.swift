import GraphQLCache

/// The ops that talk to the network or watch queries: `fetch`, `watch`, `unwatch`, `respond`.
extension Harness {
    func registerWatchOps() {
        registerFetch()
        registerWatch()
        registerRespond()
    }

    private func registerFetch() {
        register("fetch") { [unowned self] request throws(HarnessError) in
            let query = try self.query(request)
            let policy = try Self.policy(request)
            let client = self.client
            let outcome = client.waitFor { await client.fetch(query: query, cachePolicy: policy) }
            return try Self.resultsOrFailure(outcome)
        }
    }

    private func registerWatch() {
        register("watch") { [unowned self] request throws(HarnessError) in
            let name = try request.string("watch")
            guard self.watches.watcher(named: name) == nil else {
                throw .badRequest("op \"watch\": a watch named \"\(name)\" already exists")
            }
            let query = try self.query(request)
            let policy = try Self.policy(request)
            let refetch = try request.optionalBool("refetchOnFailedUpdates") ?? true
            let watches = self.watches
            let watcher = QueryWatcher(client: self.client, query: query, cachePolicy: policy,
                                       refetchOnFailedUpdates: refetch) { result in
                watches.post(JSONValue.object(Self.event(watch: name, result)).jsonText)
            }
            let outcome = self.client.waitFor { await watcher.fetch(deliver: false) }
            // A watch whose first result is a failure is not registered: its name stays free.
            guard outcome.error == nil || !outcome.results.isEmpty else {
                watcher.cancel()
                return try Self.resultsOrFailure(outcome)
            }
            watches.add(watcher, named: name)
            return try Self.resultsOrFailure(outcome)
        }
        register("refetch") { [unowned self] request throws(HarnessError) in
            let name = try request.string("watch")
            guard let watcher = self.watches.watcher(named: name) else {
                throw .badRequest("op \"refetch\": no watch named \"\(name)\"")
            }
            let outcome = self.client.waitFor { await watcher.fetch(cachePolicy: .fetchIgnoringCacheData, deliver: false) }
            return try Self.resultsOrFailure(outcome)
        }
        register("unwatch") { [unowned self] request throws(HarnessError) in
            let name = try request.string("watch")
            guard let watcher = self.watches.remove(named: name) else {
                throw .badRequest("op \"unwatch\": no watch named \"\(name)\"")
            }
            watcher.cancel()
            return [:]
        }
    }

    private func registerRespond() {
        register("respond") { [unowned self] request throws(HarnessError) in
            guard let scripted = self.client.transport as? ScriptedTransport else {
                throw HarnessError(.unsupported, "op \"respond\" needs --transport scripted")
            }
            if let message = try request.optionalString("networkError") {
                scripted.enqueueFailure(message)
            } else {
                scripted.enqueue(try Self.scriptedResponse(request))
            }
            return [:]
        }
    }

    /// The request's `document`, `operationName` and `variables` as an operation.
    private func query(_ request: HarnessRequest) throws(HarnessError) -> GraphQLOperation {
        let document = try request.string("document")
        let name = try request.optionalString("operationName")
        let variables = try request.optionalObject("variables") ?? JSONObject()
        return try Self.graphQL { () throws(GraphQLCacheError) in
            try self.session.executor.operation(document: document, operationName: name, variables: variables)
        }
    }

    private static func policy(_ request: HarnessRequest) throws(HarnessError) -> CachePolicy {
        guard let name = try request.optionalString("policy") else { return .returnCacheDataElseFetch }
        guard let policy = CachePolicy(name: name) else {
            throw .badRequest("op \"\(request.op)\": unknown policy \"\(name)\"")
        }
        return policy
    }

    /// `respond`'s `data` and `errors` as a response, validated as a server's would be.
    private static func scriptedResponse(_ request: HarnessRequest) throws(HarnessError) -> GraphQLResponse {
        var json = JSONObject()
        if let data = request.body["data"] { json["data"] = data }
        if let errors = request.body["errors"] { json["errors"] = errors }
        guard !json.isEmpty else {
            throw .badRequest("op \"respond\": give \"data\" and/or \"errors\", or \"networkError\"")
        }
        do { return try GraphQLResponse(json: json) } catch {
            throw .badRequest("op \"respond\": \(error.description)")
        }
    }

    /// `{"results":[…]}`, or the failure that ended the fetch (with the results before it).
    static func resultsOrFailure(_ outcome: FetchOutcome) throws(HarnessError) -> JSONObject {
        let results = JSONValue.array(outcome.results.map { .object(resultJSON($0)) })
        guard let error = outcome.error else {
            if outcome.results.isEmpty { throw HarnessError(.noResults, "the fetch produced no result") }
            return ["results": results]
        }
        let failure = harnessError(error)
        guard !outcome.results.isEmpty else { throw failure }
        var extra = failure.extra
        extra["results"] = results
        throw HarnessError(failure.code, failure.message, extra: extra)
    }

    /// `{"source":…,"data":…,"errors"?:[…]}`; a cache result adds `"dependentKeys":[…]`, and one
    /// that `networkFirst` fell back to adds `"networkError":{"code":"network","message":…}`, and
    /// one with deferred fragments not in the cache adds `"pending":[{"path":[…],"label":…}]`.
    /// Watch events (later deliveries) leave `dependentKeys` out: the first edition's lines.
    static func resultJSON(_ result: QueryResult, dependentKeys: Bool = true) -> JSONObject {
        var object: JSONObject = [
            "source": .string(result.source.rawValue),
            "data": result.data.map(JSONValue.object) ?? .null,
        ]
        if !result.errors.isEmpty { object["errors"] = .array(result.errors.map(JSONValue.object)) }
        if dependentKeys && result.source == .cache {
            object["dependentKeys"] = Self.byteSorted(result.dependencies.map(\.description))
        }
        if let networkError = result.networkError {
            object["networkError"] = .object(harnessError(networkError).jsonObject)
        }
        if !result.pending.isEmpty { object["pending"] = .array(result.pending.map { .object($0.jsonObject) }) }
        return object
    }

    /// A watcher delivery line's object.
    static func event(watch name: String, _ result: Result<QueryResult, GraphQLCacheError>) -> JSONObject {
        var object: JSONObject = ["event": .string("watch"), "watch": .string(name)]
        switch result {
        case .success(let result):
            for (key, value) in resultJSON(result, dependentKeys: false) { object[key] = value }
        case .failure(let error):
            object["error"] = .object(harnessError(error).jsonObject)
        }
        return object
    }
}
