import CacheTestSupport
import Testing
@testable import GraphQLCache

/// The Apollo iOS 2.x-shaped async API: transactions with async bodies, `fetch` that returns or
/// throws, `cacheAndNetwork` as a stream, `perform(mutation:)`, `load` giving nil on a miss,
/// and watches as an `AsyncSequence` whose end cancels the watcher. Swift 6 strict concurrency.
@Suite struct AsyncAPITests {
    private let heroName = "{ hero { name } }"

    @Test(arguments: CacheKind.allCases)
    func asyncTransactionsWriteAndReadBack(_ kind: CacheKind) async throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query(heroName)
        try await fixture.store.withinReadWriteTransaction { transaction in
            try await transaction.write(data: ["hero": ["__typename": "Droid", "name": "R2-D2"]], for: query)
        }
        let data = try await fixture.store.withinReadTransaction { try await $0.read(query: query) }
        #expect(data == ["hero": ["name": "R2-D2"]])
    }

    @Test(arguments: CacheKind.allCases)
    func asyncReadWriteTransactionThatThrowsWritesNothingAndTellsNobody(_ kind: CacheKind) async throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query(heroName)
        let (recorder, subscription) = ChangeRecorder.subscribed(to: fixture.store)
        defer { subscription.cancel() }
        await #expect(throws: GraphQLCacheError.self) {
            try await fixture.store.withinReadWriteTransaction { transaction in
                try await transaction.write(data: ["hero": ["name": "R2-D2"]], for: query)
                throw GraphQLCacheError.noResults
            }
        }
        #expect(try await fixture.store.load(query: query) == nil)
        #expect(recorder.count == 0)
    }

    @Test func aTransactionOpenedInsideAnAsyncTransactionThrowsInsteadOfWaitingForever() async throws {
        let store = CacheKind.memory.makeStore()
        await #expect(throws: GraphQLCacheError.nestedTransaction) {
            try await store.withinReadWriteTransaction { _ in
                try await store.withinReadTransaction { try await $0.loadRecords(forKeys: []) }
            }
        }
    }

    @Test(arguments: CacheKind.allCases)
    func loadGivesNilOnAMissAndTheThrowingFormSaysWhy(_ kind: CacheKind) async throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query(heroName)
        #expect(try await fixture.store.load(query: query) == nil)
        await #expect {
            _ = try await fixture.store.loadResult(query: query)
        } throws: { error in
            guard case GraphQLCacheError.cacheMiss(let miss) = error else { return false }
            return miss.reason == .missingRecord || miss.reason == .missingField
        }
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        #expect(try await fixture.store.load(query: query)?.data == ["hero": ["name": "R2-D2"]])
    }

    @Test(arguments: CacheKind.allCases)
    func fetchReturnsTheResultAndThrowsOnFailure(_ kind: CacheKind) async throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query(heroName)
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#)
        let first = try await fixture.client.fetch(query: query)
        #expect(first.source == .server && first.data == ["hero": ["name": "R2-D2"]])
        #expect(try await fixture.client.fetch(query: query, cachePolicy: .cacheFirst).source == .cache)
        fixture.server.enqueueFailure("down")
        await #expect(throws: GraphQLCacheError.self) {
            _ = try await fixture.client.fetch(query: query, cachePolicy: .networkOnly)
        }
        let other = try fixture.query("{ hero { name height } }")
        await #expect(throws: GraphQLCacheError.self) {
            _ = try await fixture.client.fetch(query: other, cachePolicy: .cacheOnly)
        }
    }

    @Test(arguments: CacheKind.allCases)
    func cacheAndNetworkStreamsTheCacheResultThenTheServers(_ kind: CacheKind) async throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query(heroName)
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","name":"Artoo"}}}"#)
        var seen: [String] = []
        for try await result in fixture.client.fetch(query: query, cachePolicy: .cacheAndNetwork) {
            seen.append("\(result.source.rawValue):\(OperationFixture.text(result.data))")
        }
        #expect(seen == [#"cache:{"hero":{"name":"R2-D2"}}"#, #"server:{"hero":{"name":"Artoo"}}"#])
    }

    @Test(arguments: CacheKind.allCases)
    func performSendsTheMutationAndWritesItsResult(_ kind: CacheKind) async throws {
        let fixture = ClientFixture(kind: kind)
        let mutation = try fixture.query("mutation { rename { name } }")
        try fixture.respond(#"{"data":{"rename":{"name":"Artoo"}}}"#)
        let result = try await fixture.client.perform(mutation: mutation)
        #expect(result.data == ["rename": ["name": "Artoo"]])
        #expect(fixture.server.requestCount == 1)
        #expect(try fixture.store.loadRecord(forKey: "MUTATION_ROOT.rename")?["name"] == .string("Artoo"))
    }

    @Test(arguments: CacheKind.allCases)
    func watchSequenceDeliversChangesAndItsEndCancelsTheWatcher(_ kind: CacheKind) async throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query(heroName)
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        var names: [String] = []
        for await update in fixture.client.watch(query: query, cachePolicy: .cacheOnly) {
            let result = try update.get()
            names.append(result.data?["hero"]?["name"]?.stringValue ?? "?")
            if names.count == 1 { try fixture.write(query, #"{"hero":{"name":"Artoo"}}"#) }
            if names.count == 2 { break }
        }
        #expect(names == ["R2-D2", "Artoo"])
        #expect(fixture.store.observerCount == 0)
    }

    @Test func cancellingTheWatchingTaskCancelsTheWatcher() async throws {
        let fixture = ClientFixture()
        let query = try fixture.query(heroName)
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        let sequence = fixture.client.watch(query: query, cachePolicy: .cacheOnly)
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let task = Task {
            var count = 0
            for await _ in sequence {
                count += 1
                startedContinuation.yield()
            }
            return count
        }
        for await _ in started { break }
        #expect(fixture.store.observerCount == 1)
        task.cancel()
        #expect(await task.value == 1)
        #expect(fixture.store.observerCount == 0)
    }
}
