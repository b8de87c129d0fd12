import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A read's dependencies registered grouped by record reach an observer on exactly the changes
/// that the per-field set (`dependentKeys`) reached before, and a watcher's trigger names the
/// same keys, on both caches.
@Suite struct GroupedDependencyDispatchTests {
    /// `count` items with a name, a description (never read), an owner among 5 users and two
    /// related items.
    private static func records(_ count: Int) -> [Record] {
        let items = (0..<count).map { i in
            Record(key: CacheKey("Item:\(i)"), [
                "id": .string("\(i)"), "name": .string("Item \(i)"), "description": .string("d\(i)"),
                "owner": .reference(CacheKey("User:\(i % 5)")),
                "related": .list([.reference(CacheKey("Item:\((i + 1) % count)")), .reference(CacheKey("Item:\((i + 2) % count)"))]),
            ])
        }
        let users = (0..<5).map { Record(key: CacheKey("User:\($0)"), ["name": .string("User \($0)")]) }
        return items + users + [Record(key: .queryRoot, ["items": .list(items.map { .reference($0.key) })])]
    }

    /// Who the old per-field index woke: a changed or removed field among the keys, a change
    /// to a record depended on whole, a removed record holding a key or depended on whole.
    private static func wokenBefore(_ change: CacheChange, fields: Set<FieldKey>, records: Set<CacheKey>) -> Bool {
        !fields.isDisjoint(with: change.changedFields.union(change.removedFields))
            || change.changedFields.contains { records.contains($0.record) }
            || change.removedRecords.contains { record in records.contains(record) || fields.contains { $0.record == record } }
    }

    /// One random change: a read field, an unread field, an owner's name, a removal (leaving a
    /// dangling reference), the removed record back, or a record nobody reads.
    private static func change(_ store: CacheStore, _ generator: inout SplitMix, items: Int) throws {
        let item = CacheKey("Item:\(generator.next() % UInt64(items))")
        let text = CacheValue.string("v\(generator.next() % 1_000)")
        func merge(_ key: CacheKey, _ fields: [String: CacheValue]) throws {
            try store.merge(records: RecordSet(records: [Record(key: key, fields)]))
        }
        switch generator.next() % 6 {
        case 0: try merge(item, ["name": text])
        case 1: try merge(item, ["description": text])
        case 2: try merge(CacheKey("User:\(generator.next() % 5)"), ["name": text])
        case 3: _ = try store.removeRecord(for: item)
        case 4: try merge(item, ["id": .string("back"), "name": .string("Back"), "owner": .reference("User:0"),
                                 "related": .list([])])
        default: try merge(CacheKey("Other:\(generator.next() % 50)"), ["name": .string("x")])
        }
    }

    @Test(arguments: CacheKind.allCases)
    func groupedDependenciesWakeExactlyWhereThePerFieldSetDid(_ kind: CacheKind) throws {
        let count = 30
        let store = kind.makeStore(Self.records(count))
        let query = try store.executor.operation(document: "{ items { name owner { name } related { id name } } }")
        var read = try store.readResult(query: query, options: ReadOptions(missesAsNull: true))
        let heard = ChangeRecorder()
        let observation = store.observe(dependencies: read.dependencies, records: read.missingRecords) { heard.record($0) }
        defer { observation.cancel() }
        let (all, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        var generator = SplitMix(seed: 11)
        for step in 0..<150 {
            let (fields, records) = (read.dependentKeys, read.missingRecords)
            #expect(observation.dependencies == read.dependencies && observation.fields == fields, "step \(step)")
            let (heardBefore, allBefore) = (heard.count, all.count)
            try Self.change(store, &generator, items: count)
            guard all.count > allBefore, let change = all.all.last else { continue }
            let woken = heard.count > heardBefore
            #expect(woken == Self.wokenBefore(change, fields: fields, records: records), "step \(step): \(change)")
            let trigger = WatchTrigger(change: change, fields: read.dependencies, records: records)
            #expect(trigger.fields == fields.intersection(change.affectedFields), "step \(step)")
            #expect(trigger.records == change.affectedRecords.intersection(records), "step \(step)")
            read = try store.readResult(query: query, options: ReadOptions(missesAsNull: true))
            observation.update(dependencies: read.dependencies, records: read.missingRecords)
        }
        #expect(heard.count > 20 && heard.count < all.count, "some changes woke the observer and some did not")
    }
}
