import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Apollo iOS's DeferOperationCacheReadTests and DeferOperationCacheWriteTests (apollo-ios-dev
/// `Tests/ApolloTests/Cache/`), each named after the Apollo test it reproduces, on memory and
/// SQLite. A deferred fragment whose data is not in the cache is pending, not a miss; writes
/// accept data without a deferred fragment's fields and write nothing for them.
@Suite struct DeferOperationCacheTests {
    private static let sdl = """
        type Query { animal: Animal }
        type Animal { species: String! genus: String! habitat: String friend: Friend! }
        type Friend { name: String! species: String! }
        """

    /// The read tests' `AnimalQuery`.
    private static let readQuery = """
        query AnimalQuery {
          animal {
            __typename
            species
            ... @defer(label: "deferredGenus") { genus }
            ... @defer(label: "deferredFriend") {
              friend {
                name
                ... @defer(label: "deferredFriendSpecies") { species }
              }
            }
          }
        }
        """

    /// The write tests' `AnimalQuery`: the friend's name in a deferred named fragment.
    private static let writeQuery = """
        query AnimalQuery {
          animal {
            __typename
            species
            ... @defer(label: "deferredGenus") { genus }
            ... @defer(label: "deferredFriend") { friend { ...DeferredFriendName @defer(label: "deferredFriendName") } }
          }
        }
        fragment DeferredFriendName on Friend { name }
        """

    private func fixture(_ kind: CacheKind, schema: Bool = true) throws -> ClientFixture {
        ClientFixture(kind: kind, configuration: CacheConfiguration(schema: schema ? try CacheSchema.load(sdl: [Self.sdl]) : nil))
    }

    /// Seeds the cache with record JSON given as `{KEY: record}` text.
    private func seed(_ fixture: ClientFixture, _ snapshot: String) throws {
        try fixture.store.merge(records: try Snapshot.decode(Array(snapshot.utf8), source: "seed"))
    }

    private func pending(_ read: ReadResult) -> [String] { read.pending.map(\.description) }

    private static let animalRoot = #""QUERY_ROOT":{"animal":{"$reference":"QUERY_ROOT.animal"}}"#

    // MARK: DeferOperationCacheReadTests

    /// test__fetch__givenPartialAndIncrementalDataIsCached_returnsAllDeferredFragmentsAsFulfilled
    @Test(arguments: CacheKind.allCases)
    func fetchGivenPartialAndIncrementalDataIsCachedReturnsAllDeferredFragmentsAsFulfilled(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try seed(fixture, "{\(Self.animalRoot),"
            + #""QUERY_ROOT.animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis","friend":{"$reference":"QUERY_ROOT.animal.friend"}},"#
            + #""QUERY_ROOT.animal.friend":{"name":"American Badger","species":"Taxidea taxus"}}"#)
        let query = try fixture.query(Self.readQuery)
        let outcome = fixture.fetch(query, .returnCacheDataDontFetch)
        #expect(outcome.summary == [#"cache:{"animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis","#
            + #""friend":{"name":"American Badger","species":"Taxidea taxus"}}}"#])
        #expect(outcome.results.first?.pending == [])
    }

    /// test__fetch__givenOnlyPartialDataIsCached_returnsAllDeferredFragmentsAsPending
    @Test(arguments: CacheKind.allCases)
    func fetchGivenOnlyPartialDataIsCachedReturnsAllDeferredFragmentsAsPending(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try seed(fixture, "{\(Self.animalRoot)," + #""QUERY_ROOT.animal":{"__typename":"animal","species":"Canis latrans"}}"#)
        let query = try fixture.query(Self.readQuery)
        let outcome = fixture.fetch(query, .returnCacheDataDontFetch)
        #expect(outcome.summary == [#"cache:{"animal":{"__typename":"animal","species":"Canis latrans"}}"#])
        #expect(outcome.results.first?.pending.map(\.description) == ["animal (deferredGenus)", "animal (deferredFriend)"])
        let read = try fixture.store.readResult(query: query)
        #expect(read.isComplete && read.misses.isEmpty)
        // The pending fragments' fields are dependencies: a watcher hears when they arrive.
        #expect(read.dependentKeys.contains(FieldKey(record: "QUERY_ROOT.animal", field: "genus")))
        #expect(read.dependentKeys.contains(FieldKey(record: "QUERY_ROOT.animal", field: "friend")))
    }

    /// test__fetch__givenPartialAndSomeIncrementalDataIsCached_returnsCachedDeferredFragmentAsFulfilledAndUncachedDeferredFragmentsAsPending
    @Test(arguments: CacheKind.allCases)
    func fetchGivenPartialAndSomeIncrementalDataIsCachedReturnsCachedFragmentAsFulfilledAndUncachedAsPending(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try seed(fixture, "{\(Self.animalRoot),"
            + #""QUERY_ROOT.animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis"}}"#)
        let read = try fixture.store.readResult(query: try fixture.query(Self.readQuery))
        #expect(OperationFixture.text(read.data) == #"{"animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis"}}"#)
        #expect(pending(read) == ["animal (deferredFriend)"])
        #expect(read.isComplete)
    }

    /// test__fetch__givenNestedIncrementalDataIsNotCached_returnsNestedDeferredFragmentsAsPending_otherDeferredFragmentsAsFulfilled
    @Test(arguments: CacheKind.allCases)
    func fetchGivenNestedIncrementalDataIsNotCachedReturnsNestedDeferredFragmentsAsPending(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try seed(fixture, "{\(Self.animalRoot),"
            + #""QUERY_ROOT.animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis","friend":{"$reference":"QUERY_ROOT.animal.friend"}},"#
            + #""QUERY_ROOT.animal.friend":{"name":"American Badger"}}"#)
        let read = try fixture.store.readResult(query: try fixture.query(Self.readQuery))
        #expect(OperationFixture.text(read.data)
            == #"{"animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis","friend":{"name":"American Badger"}}}"#)
        #expect(pending(read) == ["animal.friend (deferredFriendSpecies)"])
        #expect(read.pending.first?.jsonObject == ["path": .array([.string("animal"), .string("friend")]),
                                                   "label": .string("deferredFriendSpecies")])
    }

    /// test__fetch__givenMissingValueInDeferredFragment_returnsDeferredFragmentAsPending_otherDeferredFragmentsAsFulfilled:
    /// a non-deferred field inside a deferred fragment is missing, so the whole fragment is
    /// pending (its nested deferred fragment, whose data is there, with it).
    @Test(arguments: CacheKind.allCases)
    func fetchGivenMissingValueInDeferredFragmentReturnsDeferredFragmentAsPending(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try seed(fixture, "{\(Self.animalRoot),"
            + #""QUERY_ROOT.animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis","friend":{"$reference":"QUERY_ROOT.animal.friend"}},"#
            + #""QUERY_ROOT.animal.friend":{"species":"Taxidea taxus"}}"#)
        let outcome = fixture.fetch(try fixture.query(Self.readQuery), .returnCacheDataDontFetch)
        #expect(outcome.summary == [#"cache:{"animal":{"__typename":"animal","species":"Canis latrans","genus":"Canis"}}"#])
        #expect(outcome.results.first?.pending.map(\.description) == ["animal (deferredFriend)"])
    }

    /// test__fetch__givenMissingValueInPartialData_shouldFailFetch: a field outside every deferred
    /// fragment is a miss as always, at its path.
    @Test(arguments: CacheKind.allCases)
    func fetchGivenMissingValueInPartialDataShouldFailFetch(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try seed(fixture, "{\(Self.animalRoot),"
            + #""QUERY_ROOT.animal":{"__typename":"animal","genus":"Canis","friend":{"$reference":"QUERY_ROOT.animal.friend"}},"#
            + #""QUERY_ROOT.animal.friend":{"name":"American Badger","species":"Taxidea taxus"}}"#)
        let outcome = fixture.fetch(try fixture.query(Self.readQuery), .returnCacheDataDontFetch)
        #expect(outcome.results.isEmpty)
        guard case .cacheMiss(let miss)? = outcome.error else {
            Issue.record("expected a cache miss, got \(String(describing: outcome.error))")
            return
        }
        #expect(miss.path == [.field("animal"), .field("species")])
        #expect(miss.reason == .missingField)
    }

    // MARK: DeferOperationCacheWriteTests

    private func writeAndRead(_ fixture: ClientFixture, _ document: String, _ data: String) throws -> ReadResult {
        let query = try fixture.query(document)
        try fixture.write(query, data)
        return try fixture.store.readResult(query: query)
    }

    /// test__write__givenOnlyPartialDataAsFulfilled_returnsAllDeferredFragmentsAsPending
    @Test(arguments: CacheKind.allCases)
    func writeGivenOnlyPartialDataAsFulfilledReturnsAllDeferredFragmentsAsPending(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        let read = try writeAndRead(fixture, Self.writeQuery, #"{"animal":{"__typename":"Animal","species":"Canis latrans"}}"#)
        #expect(OperationFixture.text(read.data) == #"{"animal":{"__typename":"Animal","species":"Canis latrans"}}"#)
        #expect(pending(read) == ["animal (deferredGenus)", "animal (deferredFriend)"])
        // Nothing, not even null, was written for the deferred fields.
        #expect(try fixture.recordFieldNames("QUERY_ROOT.animal") == ["__typename", "species"])
    }

    /// test__write__givenSingleDeferredFragmentAsFulfilled_returnsSingleDeferredFragmentAsFulfilled
    @Test(arguments: CacheKind.allCases)
    func writeGivenSingleDeferredFragmentAsFulfilledReturnsSingleDeferredFragmentAsFulfilled(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        let read = try writeAndRead(fixture, Self.writeQuery,
                                    #"{"animal":{"__typename":"Animal","species":"Canis latrans","genus":"Canis"}}"#)
        #expect(OperationFixture.text(read.data) == #"{"animal":{"__typename":"Animal","species":"Canis latrans","genus":"Canis"}}"#)
        #expect(pending(read) == ["animal (deferredFriend)"])
    }

    /// test__write__givenAllDeferredFragmentsAsFulfilled_returnsAllDeferredFragmentsAsFulfilled
    @Test(arguments: CacheKind.allCases)
    func writeGivenAllDeferredFragmentsAsFulfilledReturnsAllDeferredFragmentsAsFulfilled(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        let data = #"{"animal":{"__typename":"Animal","species":"Canis latrans","genus":"Canis","friend":{"name":"American Badger"}}}"#
        let read = try writeAndRead(fixture, Self.writeQuery, data)
        #expect(OperationFixture.text(read.data) == data)
        #expect(read.pending.isEmpty && read.isComplete)
    }

    /// test__write__givenDeferredData_withoutFragmentFulfilled_returnsDeferredFragmentAsPending.
    /// Apollo marks fulfilled fragments in its data; JSON has no such mark, and a deferred
    /// payload arrives whole, so here a fragment whose fields are only partly in the data is
    /// the unfulfilled one: its `genus`, present, is not written either.
    @Test(arguments: CacheKind.allCases)
    func writeGivenDeferredDataWithoutFragmentFulfilledReturnsDeferredFragmentAsPending(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        let document = #"{ animal { __typename species ... @defer(label: "deferredGenus") { genus habitat } } }"#
        let read = try writeAndRead(fixture, document, #"{"animal":{"__typename":"Animal","species":"Canis latrans","genus":"Canis"}}"#)
        #expect(OperationFixture.text(read.data) == #"{"animal":{"__typename":"Animal","species":"Canis latrans"}}"#)
        #expect(pending(read) == ["animal (deferredGenus)"])
        #expect(try fixture.recordFieldNames("QUERY_ROOT.animal") == ["__typename", "species"])
    }

    /// test__write__givenDeferredNamedFragment_returnsDeferredNamedFragmentAsFulfilled
    @Test(arguments: CacheKind.allCases)
    func writeGivenDeferredNamedFragmentReturnsDeferredNamedFragmentAsFulfilled(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try seed(fixture, "{\(Self.animalRoot),"
            + #""QUERY_ROOT.animal":{"__typename":"Animal","species":"Canis latrans","genus":"Canis","friend":{"$reference":"QUERY_ROOT.animal.friend"}}}"#)
        let before = try fixture.store.readResult(query: try fixture.query(Self.writeQuery))
        // The friend's record is absent: the whole deferredFriend fragment is pending.
        #expect(pending(before) == ["animal (deferredFriend)"])
        try fixture.store.write(data: try OperationFixture.json(#"{"name":"American Badger"}"#),
                                for: try fixture.fragment("fragment DeferredFriendName on Friend { name }"),
                                at: "QUERY_ROOT.animal.friend")
        let read = try fixture.store.readResult(query: try fixture.query(Self.writeQuery))
        #expect(OperationFixture.text(read.data)
            == #"{"animal":{"__typename":"Animal","species":"Canis latrans","genus":"Canis","friend":{"name":"American Badger"}}}"#)
        #expect(read.pending.isEmpty)
    }

    // MARK: beyond Apollo's two suites

    /// `@defer(if: false)` is no deferral: the fragment's fields are required as usual, on read
    /// and on write; `if: $variable` decides per operation.
    @Test(arguments: CacheKind.allCases)
    func deferIfFalseMeansNotDeferred(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        let literal = try fixture.query(#"{ animal { species ... @defer(label: "g", if: false) { genus } } }"#)
        #expect(throws: GraphQLCacheError.self) {
            try fixture.write(literal, #"{"animal":{"__typename":"Animal","species":"Canis latrans"}}"#)
        }
        try seed(fixture, "{\(Self.animalRoot)," + #""QUERY_ROOT.animal":{"species":"Canis latrans"}}"#)
        let read = try fixture.store.readResult(query: literal)
        #expect(read.misses.map(\.fieldKey) == ["genus"] && read.pending.isEmpty)
        let document = #"query($d: Boolean!) { animal { species ... @defer(label: "g", if: $d) { genus } } }"#
        #expect(try fixture.store.readResult(query: try fixture.query(document, #"{"d":false}"#)).misses.map(\.fieldKey) == ["genus"])
        let deferred = try fixture.store.readResult(query: try fixture.query(document, #"{"d":true}"#))
        #expect(deferred.isComplete && pending(deferred) == ["animal (g)"])
    }

    /// Documents with `@defer` on inline fragments and spreads parse and validate with a schema
    /// and without one; what goes to the server has no `@defer` (no incremental delivery here).
    @Test(arguments: [true, false])
    func deferDocumentsValidateAndTheNetworkTextDropsTheDirective(_ schema: Bool) throws {
        let fixture = try fixture(.memory, schema: schema)
        let query = try fixture.query(Self.writeQuery)
        let text = fixture.store.executor.networkDocument(for: query)
        #expect(!text.contains("@defer"), "\(text)")
        #expect(text.contains("...  { genus }") && text.contains("...DeferredFriendName  }"), "\(text)")
        #expect(throws: GraphQLCacheError.self) {
            try fixture.query(#"{ animal { ... @defer(label: 3) { genus } } }"#)
        }
        #expect(throws: GraphQLCacheError.self) {
            try fixture.query(#"{ animal { ... @defer(when: true) { genus } } }"#)
        }
    }

    /// A server result (no `@defer` was sent, so it holds every fragment) is written whole,
    /// and the read that follows has nothing pending.
    @Test(arguments: CacheKind.allCases)
    func aServerAnswerFulfilsEveryDeferredFragment(_ kind: CacheKind) throws {
        let fixture = try fixture(kind)
        try fixture.respond(#"{"data":{"animal":{"__typename":"Animal","species":"Canis latrans","genus":"Canis","#
            + #""friend":{"__typename":"Friend","name":"American Badger","species":"Taxidea taxus"}}}}"#)
        let query = try fixture.query(Self.readQuery)
        #expect(fixture.fetch(query, .fetchIgnoringCacheData).summary == [#"server:{"animal":{"__typename":"Animal","#
            + #""species":"Canis latrans","genus":"Canis","friend":{"name":"American Badger","species":"Taxidea taxus"}}}"#])
        #expect(try fixture.store.readResult(query: query).pending.isEmpty)
    }
}

private extension ClientFixture {
    /// The field keys a record holds, sorted.
    func recordFieldNames(_ key: CacheKey) throws -> [String] {
        (try store.loadRecord(forKey: key)?.fields.keys.sorted()) ?? []
    }
}
