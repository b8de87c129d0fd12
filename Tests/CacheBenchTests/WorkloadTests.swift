import Testing
import GraphQLCache
@testable import CacheBench

/// The SQLite figures' rows: the same items every time, exactly the share the names promise.
@Suite struct WorkloadTests {
    @Test func itemRecordsAreTheItemsAloneAndAChangedGenerationDiffersInPriceOnly() {
        let workload = ItemUserWorkload(itemCount: 50)
        let items = workload.itemRecords()
        #expect(items.count == 50)
        #expect(items.keys.allSatisfy { $0.rawValue.hasPrefix("Item:") })
        let changed = workload.itemRecords(changedEvery: 10, priceOffset: 3)
        let differing = items.keys.filter { items[$0] != changed[$0] }.sorted()
        #expect(differing == ["Item:0", "Item:10", "Item:20", "Item:30", "Item:40"])
        #expect(changed["Item:10"]?["price"] == .double(13.99))
        #expect(changed["Item:10"]?["name"] == items["Item:10"]?["name"])
    }

    @Test func patternRecordsAreThoseWhoseKeyContainsThePatternIgnoringCase() {
        let doomed = ItemUserWorkload(itemCount: 120).itemRecords(matching: "item:1")
        #expect(doomed.count == 1 + 10 + 20)
        #expect(doomed["Item:119"] != nil && doomed["Item:21"] == nil)
    }

    @Test func rowsCarryEachRecordsJSON() throws {
        let records = ItemUserWorkload(itemCount: 3).itemRecords()
        let rows = ItemUserWorkload.rows(records.records)
        #expect(rows.count == 3)
        for row in rows { #expect(try RecordJSON.decode(row.json, key: row.key) == records[row.key]?.fields) }
    }

    @Test func comparedSamplesAlternateAndSkipWarmUps() throws {
        var order: [String] = []
        let compared = try Samples.compare(
            warmup: 1, iterations: 2,
            setUpSubject: { run in order.append("s\(run)") }, subject: { },
            setUpFloor: { run in order.append("f\(run)") }, floor: { })
        #expect(order == ["s0", "f0", "s1", "f1", "s2", "f2"])
        #expect(compared.subject.seconds.count == 2 && compared.floor.seconds.count == 2)
    }
}
