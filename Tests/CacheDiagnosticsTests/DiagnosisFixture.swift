@testable import CacheDiagnostics
import CacheTestSupport
@testable import GraphQLCache

/// A store on a memory or SQLite cache with a small schema, for miss diagnosis and lint tests.
struct DiagnosisFixture {
    static let sdl = """
        type Query {
          hero(episode: Episode): Character
          human(id: ID!): Human
          items: [Item!]!
          search(text: String): [Character]
        }
        enum Episode { NEWHOPE EMPIRE JEDI }
        scalar Date
        interface Character { id: ID! name: String! friends: [Character] }
        type Human implements Character { id: ID! name: String! mass: Float born: Date friends: [Character] }
        type Droid implements Character { id: ID! name: String! appearsIn: [Episode] active: Boolean friends: [Character] }
        type Item { id: ID! name: String description: String count: Int }
        input ReviewInput { stars: Int! commentary: String }
        type Mutation { createReview(episode: Episode, review: ReviewInput!): String }
        """
    static let characterIDs = "extend interface Character @typePolicy(keyFields: \"id\")"
    static let itemIDs = "extend type Item @typePolicy(keyFields: \"id\")"
    static let humanPolicy = "extend type Query @fieldPolicy(forField: \"human\", keyArgs: \"id\")"

    let directory: TemporaryDirectory
    let cache: any BrowsableNormalizedCache
    let store: CacheStore

    init(_ kind: CacheKind, extensions: [String] = [characterIDs]) throws {
        directory = try TemporaryDirectory()
        cache = try kind.makeCache(in: directory)
        let schema = try CacheSchema.load(sdl: [Self.sdl] + extensions)
        store = CacheStore(cache: cache, configuration: CacheConfiguration(schema: schema))
    }

    func write(_ document: String, _ variables: String = "{}", data: String) throws {
        let operation = try store.executor.operation(document: document, variables: try DiagnosisFixture.json(variables))
        try store.write(data: try DiagnosisFixture.json(data), for: operation)
    }

    /// JSON text that must be an object (variables, response data).
    static func json(_ text: String) throws -> JSONObject {
        guard let object = try JSONValue.parse(text).objectValue else { throw GraphQLCacheError.invalidSchema("not a JSON object: \(text)") }
        return object
    }

    func merge(_ records: [Record]) throws {
        try store.merge(records: RecordSet(records: records))
    }

    func explain(_ document: String, _ variables: String = "{}") throws -> MissExplanation {
        let operation = try store.executor.operation(document: document, variables: try DiagnosisFixture.json(variables))
        return try MissExplanation(result: try store.readResult(query: operation),
                                   diagnoser: MissDiagnoser(configuration: store.configuration, cache: cache))
    }

    func lint() throws -> [LintFinding] {
        try CacheLint(configuration: store.configuration).run(on: cache)
    }
}

/// The description of the error `body` throws; nil when it throws none.
func thrownMessage(_ body: () throws -> Void) -> String? {
    do { try body() } catch let error as GraphQLCacheError { return error.description } catch { return "\(error)" }
    return nil
}
