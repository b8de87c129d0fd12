import Foundation
import GraphQL
import GraphQLCache
import Synchronization

/// An in-process GraphQL server over the Star Wars sample: it parses, validates and executes each
/// request with GraphQL's executor against `starwars.graphqls` and the fixture data in
/// `starwars-data.json`, so the sample and the tests exercise real GraphQL execution offline.
///
/// It answers like a real server: syntax and validation errors come back as GraphQL `errors`
/// (with `locations`), field errors as `errors` with a `path` next to partial `data`; `send`
/// itself never fails. `createReview` keeps reviews in memory. Thread-safe.
public final class SampleServer: NetworkTransport {
    /// The schema file read from the sample-data directory.
    public static let schemaFileName = "starwars.graphqls"
    /// The fixture file read from the sample-data directory.
    public static let dataFileName = "starwars-data.json"

    /// The directory the schema and data were read from.
    public let directory: URL
    private let schema: GraphQLSchema
    private let data: SampleData
    private let counter = Mutex(0)

    /// Loads `starwars.graphqls` and `starwars-data.json` from `directory`.
    public init(directory: URL) throws(SampleServerError) {
        self.directory = directory
        let schemaURL = directory.appendingPathComponent(Self.schemaFileName)
        let dataURL = directory.appendingPathComponent(Self.dataFileName)
        let dataText = try Self.read(dataURL)
        let json: JSONValue
        do {
            json = try JSONValue.parse(dataText)
        } catch {
            throw .invalidData(path: dataURL.path, message: "not JSON: \(error)")
        }
        guard let object = json.objectValue else {
            throw .invalidData(path: dataURL.path, message: "the top level must be an object, not a \(json.kindName)")
        }
        data = try SampleData(json: object, path: dataURL.path)
        schema = try Self.executableSchema(sdl: Self.read(schemaURL), path: schemaURL.path, data: data)
    }

    /// Loads the sample from the `sample-data` directory found by `locateSampleData(from:)`.
    public convenience init() throws(SampleServerError) {
        try self.init(directory: Self.locateSampleData())
    }

    private static func read(_ url: URL) throws(SampleServerError) -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }

    private static func executableSchema(sdl: String, path: String, data: SampleData) throws(SampleServerError) -> GraphQLSchema {
        let resolvers = SampleResolvers(data: data)
        let rebuilder = SchemaRebuilder(typenameOf: { ($0 as? SampleObject)?.typename },
                                        resolverFor: { resolvers.resolver(type: $0, field: $1) })
        do {
            let schema = try rebuilder.rebuild(buildSchema(source: sdl))
            let problems = validateSchema(schema: schema)
            guard problems.isEmpty else {
                throw SampleServerError.notExecutable(problems.map(\.message).joined(separator: "; "))
            }
            return schema
        } catch {
            throw .invalidSchema(path: path, message: "\(error)")
        }
    }

    /// How many requests were sent to this server.
    public var requestCount: Int { counter.withLock { $0 } }

    /// The reviews created with `createReview`, oldest first, as `{__typename, episode, stars,
    /// commentary}` objects.
    public var reviews: [JSONObject] { data.reviews.map(\.fields) }

    /// Executes `request` and answers as a GraphQL server would; never throws.
    public func send(_ request: GraphQLCache.GraphQLRequest) async throws(GraphQLCacheError) -> TransportResponse {
        counter.withLock { $0 += 1 }
        let document: Document
        do {
            document = try parse(source: Source(body: request.query, name: "GraphQL request"))
        } catch let error as GraphQLError {
            return TransportResponse(data: nil, errors: [error.responseJSON])
        } catch {
            return TransportResponse(data: nil, errors: [["message": .string("\(error)")]])
        }
        let problems = validate(schema: schema, ast: document)
        guard problems.isEmpty else { return TransportResponse(data: nil, errors: problems.map(\.responseJSON)) }
        let result: GraphQLResult
        do {
            result = try await execute(schema: schema, documentAST: document, rootValue: SampleObject.root,
                                       context: (), variableValues: request.variables.graphQLVariables,
                                       operationName: request.operationName)
        } catch {
            return TransportResponse(data: nil, errors: [GraphQLError(error).responseJSON])
        }
        return TransportResponse(data: result.data.map(JSONValue.init(graphQLMap:))?.objectValue,
                               errors: result.errors.map(\.responseJSON))
    }
}
