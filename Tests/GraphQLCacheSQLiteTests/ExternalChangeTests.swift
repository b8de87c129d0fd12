import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing

/// Commits by another connection (another process, the app) become store changes with origin
/// `external`: the records they changed, added or removed, delivered once to subscribers and to
/// the watchers they touch, in WAL and rollback-journal files and on Apollo's own rows.
@Suite struct ExternalChangeTests {
    enum Journal: String, CaseIterable, CustomStringConvertible {
        case wal, delete
        var description: String { rawValue }
    }

    /// An Apollo file in `journal` mode with a hero and two friends, as Apollo's
    /// `JSONSerialization` writes them, opened by a store that has read the hero query.
    final class Fixture {
        let directory: TemporaryDirectory
        let path: String
        let store: CacheStore
        let client: GraphQLClient
        let changes = Collected<CacheChange>()
        let results = Collected<String>()
        private var subscription: CacheSubscription?
        private var watcher: QueryWatcher?

        init(journal: Journal) throws {
            directory = try TemporaryDirectory()
            path = directory.path("apollo.sqlite")
            try SQLiteTestFile.apolloFile(at: path, rows: [
                ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"}}"#),
                ("Droid:2001", #"{"__typename":"Droid","name":"R2-D2","friends":[{"$reference":"Human:1000"}]}"#),
                ("Human:1000", #"{"__typename":"Human","name":"Luke Skywalker"}"#),
            ], extraSQL: "PRAGMA journal_mode=\(journal.rawValue);")
            store = CacheStore(cache: try SQLiteNormalizedCache(path: path))
            try store.startTrackingExternalChanges()
            client = GraphQLClient(store: store, transport: ScriptedTransport())
            let changes = self.changes, results = self.results
            subscription = store.subscribe { change in changes.append(change) }
            let query = try store.executor.operation(document: "{ hero { name friends { name } } }")
            watcher = client.watch(query: query, cachePolicy: .returnCacheDataDontFetch) { result in
                let text = switch result {
                case .success(let value): value.data.map { JSONValue.object($0).jsonText } ?? "no data"
                case .failure(let error): "\(error)"
                }
                results.append(text)
            }
            client.waitUntilIdle()
        }

        /// Runs `sql` on another connection, as another process would.
        func otherProcess(_ sql: String) throws { try SQLiteTestFile.run(sql, at: path) }

        var lastResult: String? { results.items.last }

        deinit {
            subscription?.cancel()
            watcher?.cancel()
        }
        var deliveredChanges: [CacheChange] { changes.items }
    }

    @Test(arguments: Journal.allCases)
    func anotherProcessChangingAFieldReachesSubscribersAndWatchersAsAnExternalChange(journal: Journal) throws {
        let fixture = try Fixture(journal: journal)
        #expect(fixture.lastResult?.contains("Luke Skywalker") == true)
        try fixture.otherProcess(#"UPDATE records SET record = '{"__typename":"Human","name":"Luke"}' WHERE key = 'Human:1000'"#)

        #expect(try fixture.store.pollExternalChanges() == 1)
        let change = try #require(fixture.deliveredChanges.last)
        #expect(change.isExternal)
        #expect(change.changedFields == [FieldKey(record: "Human:1000", field: "name")])
        #expect(fixture.lastResult == #"{"hero":{"name":"R2-D2","friends":[{"name":"Luke"}]}}"#)
    }

    /// A read between another process's commit and the poll (the screen drawing the record,
    /// while the poll runs off the screen's thread) must not take the new bytes as already
    /// known: the watch that read the old value still has to hear of the change.
    @Test(arguments: Journal.allCases)
    func aReadBetweenTheCommitAndThePollLeavesTheChangeToThePoll(journal: Journal) throws {
        let fixture = try Fixture(journal: journal)
        try fixture.otherProcess(#"UPDATE records SET record = '{"__typename":"Human","name":"Luke"}' WHERE key = 'Human:1000'"#)
        _ = try fixture.store.cache.loadRecords(forKeys: ["Human:1000"])

        #expect(try fixture.store.pollExternalChanges() == 1)
        #expect(fixture.deliveredChanges.last?.changedFields == [FieldKey(record: "Human:1000", field: "name")])
        #expect(fixture.lastResult == #"{"hero":{"name":"R2-D2","friends":[{"name":"Luke"}]}}"#)
    }

    @Test(arguments: Journal.allCases)
    func nothingCommittedElsewhereIsNoChange(journal: Journal) throws {
        let fixture = try Fixture(journal: journal)
        try fixture.store.withinReadWriteTransaction { transaction in
            try transaction.merge(records: RecordSet(records: [Record(key: "Human:1000", ["name": .string("Own")]),
                                                                Record(key: "Human:1001", ["name": .string("New")])]))
        }
        let ownChanges = fixture.deliveredChanges.count
        #expect(try fixture.store.pollExternalChanges() == nil)
        #expect(fixture.deliveredChanges.count == ownChanges)
        #expect(fixture.deliveredChanges.allSatisfy { !$0.isExternal })
    }

    @Test func rowsAnotherProcessAddsAreNamedWithEveryField() throws {
        let fixture = try Fixture(journal: .wal)
        try fixture.otherProcess(#"INSERT INTO records (key, record) VALUES ('Human:1003', '{"name":"Leia","homePlanet":"Alderaan"}')"#)

        #expect(try fixture.store.pollExternalChanges() == 1)
        let change = try #require(fixture.deliveredChanges.last)
        #expect(change.changedFields == [FieldKey(record: "Human:1003", field: "name"),
                                         FieldKey(record: "Human:1003", field: "homePlanet")])
        #expect(try fixture.store.pollExternalChanges() == nil)
    }

    @Test func aRecordAnotherProcessRemovesIsARemovalWithItsFields() throws {
        let fixture = try Fixture(journal: .delete)
        try fixture.otherProcess("DELETE FROM records WHERE key = 'Human:1000'")

        #expect(try fixture.store.pollExternalChanges() == 1)
        let change = try #require(fixture.deliveredChanges.last)
        #expect(change.removedRecords == ["Human:1000"])
        #expect(change.removedFields.contains(FieldKey(record: "Human:1000", field: "name")))
        #expect(fixture.lastResult?.contains("Human:1000") == true)
    }

    @Test(arguments: Journal.allCases)
    func rowsNobodyReadThatAnotherProcessRemovesAreNamedFromTheKeyListing(journal: Journal) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("unread.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"}}"#),
            ("Droid:2001", #"{"name":"R2-D2"}"#),
            ("Human:1002", #"{"name":"Han"}"#),
            ("Human:1003", #"{"name":"Leia"}"#),
        ], extraSQL: "PRAGMA journal_mode=\(journal.rawValue);")
        let cache = try SQLiteNormalizedCache(path: path)
        let store = CacheStore(cache: cache)
        try store.startTrackingExternalChanges()
        let changes = Collected<CacheChange>()
        let subscription = store.subscribe { changes.append($0) }
        defer { subscription.cancel() }
        // The list shows every key (the explorer's record list); no record's contents are read.
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10).count == 4)
        try SQLiteTestFile.run(#"INSERT INTO records (key, record) VALUES ('Human:1004', '{"name":"Biggs"}')"#, at: path)
        #expect(try store.pollExternalChanges() == 1)
        #expect(changes.items.last?.removedRecords == [])
        _ = try cache.keys(matching: nil, offset: 0, limit: 10)
        try SQLiteTestFile.run(#"DELETE FROM records WHERE key IN ('Human:1002', 'Human:1003'); INSERT INTO records (key, record) VALUES ('Human:1005', '{"name":"Wedge"}')"#, at: path)

        #expect(try store.pollExternalChanges() == 3)
        let change = try #require(changes.items.last)
        #expect(change.isExternal)
        #expect(change.removedRecords == ["Human:1002", "Human:1003"])
        #expect(change.changedFields == [FieldKey(record: "Human:1005", field: "name")])
    }

    @Test func anApolloStyleUpsertOfEqualValuesSpelledDifferentlyIsNoChange() throws {
        let fixture = try Fixture(journal: .wal)
        try fixture.otherProcess(#"""
            INSERT INTO records (key, record) VALUES ('Human:1000', '{ "name" : "Luke Skywalker", "__typename" : "Human" }')
            ON CONFLICT(key) DO UPDATE SET record = excluded.record
            """#)
        let before = fixture.deliveredChanges.count
        #expect(try fixture.store.pollExternalChanges() == 0)
        #expect(fixture.deliveredChanges.count == before)
    }

    @Test func aRowAnotherProcessBreaksIsAChangeOfWhatWasRead() throws {
        let fixture = try Fixture(journal: .wal)
        try fixture.otherProcess("UPDATE records SET record = '{not json' WHERE key = 'Human:1000'")

        #expect(try fixture.store.pollExternalChanges() == 1)
        let change = try #require(fixture.deliveredChanges.last)
        #expect(change.changedFields.contains(FieldKey(record: "Human:1000", field: "name")))
    }

    @Test func aRolledBackOwnWriteLeavesLaterExternalChangesFound() throws {
        let fixture = try Fixture(journal: .wal)
        struct Abort: Error {}
        _ = try? fixture.store.withinReadWriteTransaction { transaction in
            try transaction.merge(records: RecordSet(records: [Record(key: "Human:1000", ["name": .string("Never")])]))
            throw Abort()
        }
        try fixture.otherProcess(#"INSERT INTO records (key, record) VALUES ('Human:1004', '{"name":"Han"}')"#)
        #expect(try fixture.store.pollExternalChanges() == 1)
        #expect(fixture.deliveredChanges.last?.changedFields == [FieldKey(record: "Human:1004", field: "name")])
    }
}

/// Values handed over from other threads, in arrival order.
final class Collected<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var items: [Element] { storage.withLock { $0 } }
}
