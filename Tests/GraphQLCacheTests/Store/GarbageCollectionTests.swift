import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Garbage collection in the library (Apollo Kotlin's cache 1.0): what no root reaches, and
/// fields that point at absent records, removed in one transaction that watchers hear of.
@Suite struct GarbageCollectionTests {
    private func store(_ kind: CacheKind) -> CacheStore { kind.makeStore(Self.records) }

    private static let records = [
            Record(key: .queryRoot, ["hero": .reference("Droid:1"), "lost": .reference("Gone:1")]),
            Record(key: "Droid:1", ["name": .string("R2-D2"), "friends": .list([.reference("Human:1"), .reference("Human:9")])]),
            Record(key: "Human:1", ["name": .string("Luke")]),
            Record(key: "Orphan:1", ["next": .reference("Orphan:2")]),
            Record(key: "Orphan:2", ["name": .string("alone")]),
        ]

    @Test(arguments: CacheKind.allCases)
    func removeUnreachableRecordsRemovesWhatNoRootReaches(_ kind: CacheKind) throws {
        let store = store(kind)
        #expect(try store.removeUnreachableRecords() == ["Orphan:1", "Orphan:2"])
        #expect(try store.loadRecord(forKey: "Orphan:2") == nil)
        #expect(try store.loadRecord(forKey: "Human:1") != nil)
        #expect(try store.removeUnreachableRecords().isEmpty)
    }

    @Test(arguments: CacheKind.allCases)
    func removeDanglingReferencesRemovesFieldsPointingAtAbsentRecords(_ kind: CacheKind) throws {
        let store = store(kind)
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        let removed = try store.removeDanglingReferences()
        #expect(removed == [FieldKey(record: .queryRoot, field: "lost"), FieldKey(record: "Droid:1", field: "friends")])
        #expect(try store.loadRecord(forKey: .queryRoot)?.fields == ["hero": .reference("Droid:1")])
        #expect(try store.loadRecord(forKey: "Droid:1")?.fields == ["name": .string("R2-D2")])
        #expect(recorder.all.map(\.removedFields) == [removed])
        #expect(recorder.all.map(\.removedRecords) == [[]])
    }

    /// Dangling references go first: `Droid:1.friends` held the absent `Human:9`, so the field
    /// goes, and `Human:1`, which only that list reached, goes with the orphans.
    @Test(arguments: CacheKind.allCases)
    func garbageCollectDoesBothAndAWatcherHearsOfIt(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.store.merge(records: RecordSet(records: Self.records))
        let (watcher, log) = fixture.watch(try fixture.query("{ hero { name friends { name } } }"), .cacheOnly)
        defer { watcher.cancel() }
        let result = try fixture.store.garbageCollect()
        #expect(result.removedKeys == ["Orphan:1", "Orphan:2", "Human:1"])
        #expect(result.removedFields == [FieldKey(record: .queryRoot, field: "lost"), FieldKey(record: "Droid:1", field: "friends")])
        #expect(log.count == 2)
        #expect(log.summary.last?.hasPrefix("error:cache miss at hero.friends") == true)
    }
}
