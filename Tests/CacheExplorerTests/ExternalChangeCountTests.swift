@testable import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// `external change seen in 100,000 records` is counted where the change is heard, off the UI thread
/// (issue 27): counting the records of an app's rewrite of 100,000 rows on the UI thread held
/// the key pressed meanwhile for 150 ms.
@Suite struct ExternalChangeCountTests {
    private func explorer(in directory: TemporaryDirectory) throws -> (Explorer, StoreBackend, String) {
        let path = directory.path("app.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Item:1", #"{"name":"item 1"}"#)])
        let backend = StoreBackend(cache: try SQLiteNormalizedCache(path: path), sourceName: "app")
        return (Explorer(backend: backend, size: Size(width: 100, height: 30)), backend, path)
    }

    @Test func theMessageSaysTheCountTheChangeCameWith() throws {
        let directory = try TemporaryDirectory()
        var (explorer, _, _) = try explorer(in: directory)
        let change = CacheChange(changedFields: [FieldKey(record: "Item:1", field: "name")], origin: .external)
        explorer.send(.storeDidChange(change, records: 7))
        #expect(explorer.state.message?.text == "external change seen in 7 records")
        explorer.send(.storeDidChange(change))
        #expect(explorer.state.message?.text == "external change seen in 1 record", "a change without a count is counted")
    }

    @Test func theBackendCountsAnotherProcesssChangeWhereItHearsIt() throws {
        let directory = try TemporaryDirectory()
        let (_, backend, path) = try explorer(in: directory)
        let heard = Mutex<[Action]>([])
        backend.onChange { action in heard.withLock { $0.append(action) } }
        try SQLiteNormalizedCache(path: path).merge(records: RecordSet(records: (1...3).map { Record(key: CacheKey("New:\($0)"), ["n": .int($0)]) }))
        _ = backend.pollExternalChanges()
        let counts = heard.withLock { actions in actions.compactMap { action -> Int?? in
            if case let .storeDidChange(_, records) = action { return records } else { return nil }
        } }
        #expect(counts == [3])
    }

    @Test func aLoneChangeKeepsItsCountAndMergedOnesAreCountedWhenShown() {
        let one = CacheChange(changedFields: [FieldKey(record: "A", field: "x")], origin: .external)
        let two = CacheChange(changedFields: [FieldKey(record: "B", field: "x")], origin: .external)
        #expect(ExplorerLoop.coalesce([.storeDidChange(one, records: 1)]) == [.storeDidChange(one, records: 1)])
        let merged = ExplorerLoop.coalesce([.storeDidChange(one, records: 1), .storeDidChange(two, records: 1)])
        guard case let .storeDidChange(change, records)? = merged.first else { Issue.record("no change"); return }
        #expect(change.affectedRecords == ["A", "B"])
        #expect(records == nil)
    }
}
