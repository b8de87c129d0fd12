import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Apollo iOS's `GraphQLExecutor_ResultNormalizer_FromResponse_Tests` for type cases that
/// select one response name differently: a write applies only the type case that matches the
/// object's `__typename`, with and without a schema, on memory and SQLite.
@Suite struct TypeCaseWriteTests {
    /// Human and Droid as object types, `height` taking an enum unit.
    private static let sdl = """
        enum Unit { FOOT METER }
        type Query { hero: Character }
        interface Character { name: String friend: Character height(unit: Unit): Float }
        type Human implements Character { name: String friend: Character height(unit: Unit): Float }
        type Droid implements Character { name: String friend: Character height(unit: Unit): Float primaryFunction: String }
        """

    private func store(_ backend: CacheKind, schema: Bool) throws -> CacheStore {
        let configuration = schema ? CacheConfiguration(schema: try CacheSchema.load(sdl: [Self.sdl])) : CacheConfiguration()
        return CacheStore(cache: backend.makeCache(), configuration: configuration)
    }

    /// Writes `data` for `document` and returns the record stored at `key`.
    private func written(_ backend: CacheKind, schema: Bool, _ document: String, _ data: String,
                         key: CacheKey) throws -> Record? {
        let store = try store(backend, schema: schema)
        try store.write(data: try OperationFixture.json(data), for: try store.executor.operation(document: document))
        return try store.loadRecord(forKey: key)
    }

    private static let aliasedFirst = "{ hero { __typename ... on Human { property: name } ... on Droid { property: primaryFunction } } }"
    private static let aliasedSecond = """
        { hero { ... on Human { __typename property: name } ... on Droid { __typename property: primaryFunction } } }
        """
    private static let nestedArguments = """
        { hero { __typename ... on Human { friend { height(unit: FOOT) } } ... on Droid { friend { height(unit: METER) } } } }
        """

    /// test__execute__givenDifferentAliasedFieldsOnTwoTypeCasesWithSameAlias_givenIsFirstType_hasRecordWithFieldValueUsingNonaliasedFieldName
    @Test(arguments: CacheKind.allCases, [false, true])
    func aliasedFieldsOnTwoTypeCasesGivenFirstType(_ backend: CacheKind, schema: Bool) throws {
        let hero = try written(backend, schema: schema, Self.aliasedFirst,
                               #"{"hero":{"__typename":"Human","property":"Han Solo"}}"#, key: "QUERY_ROOT.hero")
        #expect(hero?["name"] == .string("Han Solo"))
        #expect(hero?["property"] == nil)
        #expect(hero?["primaryFunction"] == nil)
    }

    /// test__execute__givenDifferentAliasedFieldsOnTwoTypeCasesWithSameAlias_givenIsSecondType_hasRecordWithFieldValueUsingNonaliasedFieldName
    @Test(arguments: CacheKind.allCases, [false, true])
    func aliasedFieldsOnTwoTypeCasesGivenSecondType(_ backend: CacheKind, schema: Bool) throws {
        let hero = try written(backend, schema: schema, Self.aliasedSecond,
                               #"{"hero":{"__typename":"Droid","property":"Astromech"}}"#, key: "QUERY_ROOT.hero")
        #expect(hero?["primaryFunction"] == .string("Astromech"))
        #expect(hero?["property"] == nil)
        #expect(hero?["name"] == nil)
    }

    /// test__execute__givenSameFieldWithDifferentArgumentValueOnSameNestedFieldOnTwoTypeCases_givenIsFirstType_hasRecordForFieldNameWithFirstTypesArgument
    @Test(arguments: CacheKind.allCases, [false, true])
    func nestedArgumentsOnTwoTypeCasesGivenFirstType(_ backend: CacheKind, schema: Bool) throws {
        let data = #"{"hero":{"name":"Luke Skywalker","__typename":"Human","friend":{"__typename":"Human","name":"Han Solo","height":5.905512}}}"#
        let han = try written(backend, schema: schema, Self.nestedArguments, data, key: "QUERY_ROOT.hero.friend")
        #expect(han?["height(unit:FOOT)"] == .double(5.905512))
        #expect(han?["height(unit:METER)"] == nil)
        #expect(han?["height"] == nil)
    }

    /// test__execute__givenSameFieldWithDifferentArgumentValueOnSameNestedFieldOnTwoTypeCases_givenIsSecondType_hasRecordForFieldNameWithFirstTypesArgument
    @Test(arguments: CacheKind.allCases, [false, true])
    func nestedArgumentsOnTwoTypeCasesGivenSecondType(_ backend: CacheKind, schema: Bool) throws {
        let data = #"{"hero":{"name":"Luke Skywalker","__typename":"Droid","friend":{"__typename":"Human","name":"Luke Skywalker","height":1.72}}}"#
        let luke = try written(backend, schema: schema, Self.nestedArguments, data, key: "QUERY_ROOT.hero.friend")
        #expect(luke?["height(unit:METER)"] == .double(1.72))
        #expect(luke?["height(unit:FOOT)"] == nil)
        #expect(luke?["height"] == nil)
    }

    /// What the heuristic keeps doing without a schema: a fragment on an interface applies to
    /// an object whose data holds its fields, beside the type case that names its typename.
    @Test(arguments: CacheKind.allCases)
    func interfaceFragmentStillAppliesByItsFieldsWithoutSchema(_ backend: CacheKind) throws {
        let document = "{ hero { __typename ... on Character { name } ... on Human { height(unit: FOOT) } } }"
        let hero = try written(backend, schema: false, document,
                               #"{"hero":{"__typename":"Human","name":"Luke","height":1.72}}"#, key: "QUERY_ROOT.hero")
        #expect(hero?["name"] == .string("Luke"))
        #expect(hero?["height(unit:FOOT)"] == .double(1.72))
    }

    /// A type case that clashes with another (one response name, two fields) and whose object
    /// has no `__typename` cannot be placed: the heuristic still decides it (a guess).
    @Test(arguments: CacheKind.allCases)
    func clashingTypeCasesWithoutTypenameStillGuess(_ backend: CacheKind) throws {
        let document = "{ hero { ... on Human { property: name } ... on Droid { property: primaryFunction } } }"
        let hero = try written(backend, schema: false, document, #"{"hero":{"property":"Han Solo"}}"#, key: "QUERY_ROOT.hero")
        #expect(hero?["name"] == .string("Han Solo"))
    }
}
