import CacheDiagnostics
import GraphQLCache

/// The ops that work through GraphQL documents: `schema`, `config`, `write`, `writeFragment`,
/// `read`, `readFragment`, `explain` (HARNESS.md).
extension Harness {
    func registerDocumentOps() {
        register("schema") { [unowned self] request throws(HarnessError) in
            let sdl = try request.string("sdl")
            try Self.graphQL { () throws(GraphQLCacheError) in try self.session.addSchema(sdl) }
            return [:]
        }
        register("config") { [unowned self] request throws(HarnessError) in
            self.session.setFieldKeys(try Self.fieldKeys(try request.required("cacheKey")))
            return [:]
        }
        register("write") { [unowned self] request throws(HarnessError) in
            let operation = try self.operation(request)
            return try self.write(try request.object("data"), for: operation, at: nil)
        }
        register("writeFragment") { [unowned self] request throws(HarnessError) in
            let fragment = try self.fragment(request)
            return try self.write(try request.object("data"), for: fragment, at: CacheKey(try request.string("key")))
        }
        registerDocumentReadOps()
    }

    private func registerDocumentReadOps() {
        register("read") { [unowned self] request throws(HarnessError) in
            try Self.dataOrMiss(try self.read(try self.operation(request), at: nil))
        }
        register("readFragment") { [unowned self] request throws(HarnessError) in
            let key = CacheKey(try request.string("key"))
            return try Self.dataOrMiss(try self.read(try self.fragment(request), at: key))
        }
        register("explain") { [unowned self] request throws(HarnessError) in
            let result = try self.read(try self.operation(request), at: nil)
            let diagnoser = MissDiagnoser(configuration: self.session.executor.configuration, cache: self.cache)
            return try self.storage { try MissExplanation(result: result, diagnoser: diagnoser).jsonObject }
        }
    }

    private func operation(_ request: HarnessRequest) throws(HarnessError) -> GraphQLOperation {
        let document = try request.string("document")
        let name = try request.optionalString("operationName")
        let variables = try request.optionalObject("variables") ?? JSONObject()
        return try Self.graphQL { () throws(GraphQLCacheError) in
            try self.session.executor.operation(document: document, operationName: name, variables: variables)
        }
    }

    private func fragment(_ request: HarnessRequest) throws(HarnessError) -> GraphQLOperation {
        let document = try request.string("document")
        let name = try request.optionalString("fragmentName")
        let variables = try request.optionalObject("variables") ?? JSONObject()
        return try Self.graphQL { () throws(GraphQLCacheError) in
            try self.session.executor.fragment(document: document, fragmentName: name, variables: variables)
        }
    }

    private func write(_ data: JSONObject, for operation: GraphQLOperation, at key: CacheKey?) throws(HarnessError) -> JSONObject {
        let records = try Self.graphQL { () throws(GraphQLCacheError) in
            try self.session.executor.normalize(data: data, for: operation, at: key)
        }
        let changed = try storage { try self.store.merge(records: records) }
        return ["changedKeys": Self.sortedKeys(changed)]
    }

    private func read(_ operation: GraphQLOperation, at key: CacheKey?) throws(HarnessError) -> ReadResult {
        try storage { try self.store.readResult(query: operation, at: key) }
    }

    private static func dataOrMiss(_ result: ReadResult) throws(HarnessError) -> JSONObject {
        if let miss = result.misses.first {
            throw HarnessError(.cacheMiss, miss.description, extra: ["miss": .object(miss.jsonObject)])
        }
        return ["data": .object(result.data ?? JSONObject())]
    }

    /// Runs a GraphQL-layer call, mapping its error to the protocol's codes.
    static func graphQL<T>(_ body: () throws(GraphQLCacheError) -> T) throws(HarnessError) -> T {
        do { return try body() } catch {
            throw harnessError(error)
        }
    }

    /// The `config` op's `cacheKey`: `{"fields":[…],"format":"typed"|"bare","group":…}` or null.
    static func fieldKeys(_ value: JSONValue) throws(HarnessError) -> FieldCacheKeys? {
        if value.isNull { return nil }
        guard case .object(let object) = value else {
            throw .badRequest("op \"config\": field \"cacheKey\" must be an object or null, found \(value.kindName)")
        }
        guard case .array(let items)? = object["fields"], !items.isEmpty else {
            throw .badRequest("op \"config\": cacheKey.fields must be a non-empty array of field names")
        }
        var fields: [String] = []
        for item in items {
            guard let name = item.stringValue else { throw .badRequest("op \"config\": cacheKey.fields must hold strings") }
            fields.append(name)
        }
        var format = CacheKeyFormat.typed
        if let formatValue = object["format"], !formatValue.isNull {
            guard let name = formatValue.stringValue, let parsed = CacheKeyFormat(rawValue: name) else {
                throw .badRequest("op \"config\": cacheKey.format must be \"typed\" or \"bare\"")
            }
            format = parsed
        }
        var group: String?
        if let groupValue = object["group"], !groupValue.isNull {
            guard let name = groupValue.stringValue else { throw .badRequest("op \"config\": cacheKey.group must be a string") }
            group = name
        }
        return FieldCacheKeys(fields: fields, format: format, group: group)
    }
}

extension Harness {
    /// Loads schema SDL as the `schema` op does (`cachelens harness --schema FILE`).
    public func loadSchema(_ sdl: String) throws(GraphQLCacheError) {
        try session.addSchema(sdl)
    }
}
