import Foundation
@testable import GraphQLCache

/// A cache and an executor for operation tests, with JSON given as text.
struct OperationFixture {
    let executor: GraphQLExecutor
    let cache = InMemoryNormalizedCache()

    init(configuration: CacheConfiguration = CacheConfiguration()) {
        executor = GraphQLExecutor(configuration: configuration)
    }

    /// With the Star Wars schema and its sample extensions (`Character` keyed by `id`).
    static func starWars(extensions: Bool = true) throws -> OperationFixture {
        var sdl = [try sampleFile("starwars.graphqls")]
        if extensions { sdl.append(try sampleFile("starwars-extensions.graphqls")) }
        return OperationFixture(configuration: CacheConfiguration(schema: try CacheSchema.load(sdl: sdl)))
    }

    static func sampleFile(_ name: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("sample-data").appendingPathComponent(name), encoding: .utf8)
    }

    static func json(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSONValue.parse(text) else { throw GraphQLCacheError.invalidSchema("not an object") }
        return object
    }

    /// Normalizes and merges; returns the changed keys as printed.
    @discardableResult
    func write(_ document: String, _ variables: String = "{}", data: String, at key: CacheKey? = nil) throws -> [String] {
        let operation = key == nil
            ? try executor.operation(document: document, variables: try Self.json(variables))
            : try executor.fragment(document: document, variables: try Self.json(variables))
        let records = try executor.normalize(data: try Self.json(data), for: operation, at: key)
        return try cache.merge(records: records).map(\.description).sorted()
    }

    func normalize(_ document: String, _ variables: String = "{}", data: String) throws -> RecordSet {
        let operation = try executor.operation(document: document, variables: try Self.json(variables))
        return try executor.normalize(data: try Self.json(data), for: operation)
    }

    func read(_ document: String, _ variables: String = "{}", options: ReadOptions = ReadOptions()) throws -> ReadResult {
        let operation = try executor.operation(document: document, variables: try Self.json(variables))
        return try executor.read(operation, from: CacheRecordSource(cache), options: options)
    }

    /// The data as compact JSON text, for comparing with expected text.
    static func text(_ object: JSONObject?) -> String {
        object.map { JSONValue.object($0).jsonText } ?? "null"
    }

    /// A record's fields as JSON text (fields sorted).
    func recordText(_ key: CacheKey) throws -> String {
        guard let record = try cache.loadRecord(forKey: key) else { return "null" }
        return RecordJSON.encodeString(record.fields)
    }
}
