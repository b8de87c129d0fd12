import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Direct cache access in transactions, after apollo-ios-dev `ReadWriteFromStoreTests`.
@Suite struct ReadWriteFromStoreTests {
    private let heroRecords = [
        Record(key: .queryRoot, ["hero": .reference("QUERY_ROOT.hero")]),
        Record(key: "QUERY_ROOT.hero", ["__typename": .string("Droid"), "name": .string("R2-D2"), "nickname": .null]),
    ]

    @Test(arguments: CacheKind.allCases)
    func readQueryReturnsTheStoredData(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.store.merge(records: RecordSet(records: heroRecords))
        let query = try fixture.query("{ hero { __typename name } }")
        let data = try fixture.store.withinReadTransaction { try $0.read(query: query) }
        #expect(OperationFixture.text(data) == #"{"hero":{"__typename":"Droid","name":"R2-D2"}}"#)
    }

    @Test(arguments: CacheKind.allCases)
    func readQueryWithAMissingFieldThrowsTheMiss(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.store.merge(records: RecordSet(records: heroRecords))
        let query = try fixture.query("{ hero { name appearsIn } }")
        #expect {
            try fixture.store.withinReadTransaction { try $0.read(query: query) }
        } throws: { error in
            guard case GraphQLCacheError.cacheMiss(let miss) = error else { return false }
            return miss.path == [.field("hero"), .field("appearsIn")] && miss.reason == .missingField
        }
    }

    @Test(arguments: CacheKind.allCases)
    func updateOfHeroNameKeepsAStoredNullNickname(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.store.merge(records: RecordSet(records: heroRecords))
        let query = try fixture.query("{ hero { name nickname } }")
        let changed = try fixture.store.withinReadWriteTransaction { transaction in
            try transaction.update(query: query) { data in
                guard case .object(var hero)? = data["hero"] else { return }
                hero["name"] = .string("Artoo")
                data["hero"] = .object(hero)
            }
        }
        #expect(changed.fieldKeys == fieldKeys("QUERY_ROOT.hero.name"))
        let hero = try fixture.store.loadRecord(forKey: "QUERY_ROOT.hero")
        #expect(hero?.fields == ["__typename": .string("Droid"), "name": .string("Artoo"), "nickname": .null])
    }

    @Test(arguments: CacheKind.allCases)
    func updateReadsAnAbsentNullableFieldAsNull(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.store.merge(records: RecordSet(records: heroRecords))
        let query = try fixture.query("{ hero { name primaryFunction } }")
        var seen: JSONObject?
        try fixture.store.withinReadWriteTransaction { transaction in
            try transaction.update(query: query) { data in seen = data }
        }
        #expect(OperationFixture.text(seen) == #"{"hero":{"name":"R2-D2","primaryFunction":null}}"#)
    }

    @Test(arguments: CacheKind.allCases)
    func writeThenReadInOneTransactionSeesTheWrite(_ kind: CacheKind) throws {
        let fixture = ClientFixture.withIDs(kind)
        let query = try fixture.query("{ hero { id name } }")
        let data = try OperationFixture.json(#"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        let read = try fixture.store.withinReadWriteTransaction { transaction in
            try transaction.write(data: data, query: query)
            return try transaction.read(query: query)
        }
        #expect(OperationFixture.text(read) == #"{"hero":{"id":"2001","name":"R2-D2"}}"#)
    }

    @Test(arguments: CacheKind.allCases)
    func writeFragmentAndUpdateObjectWorkAtARecordKey(_ kind: CacheKind) throws {
        let fixture = ClientFixture.withIDs(kind)
        let fragment = try fixture.fragment("fragment F on Droid { name primaryFunction }")
        try fixture.store.withinReadWriteTransaction { transaction in
            try transaction.write(data: try OperationFixture.json(#"{"__typename":"Droid","name":"R2-D2","primaryFunction":"Astromech"}"#),
                                  fragment: fragment, key: "Droid:2001")
            try transaction.updateObject(fragment: fragment, key: "Droid:2001") { data in data["name"] = .string("Artoo") }
        }
        let data = try fixture.store.withinReadTransaction { try $0.readObject(fragment: fragment, key: "Droid:2001") }
        #expect(OperationFixture.text(data) == #"{"name":"Artoo","primaryFunction":"Astromech"}"#)
    }

    @Test(arguments: CacheKind.allCases)
    func removeObjectsMatchingMakesReadsFailAtTheRightPathsAndNotifiesWatchers(_ kind: CacheKind) throws {
        let fixture = ClientFixture.withIDs(kind)
        let friends = try fixture.query("{ hero { id name friends { id name } } }")
        let heroName = try fixture.query("{ hero { id name } }")
        try fixture.write(friends, #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke"},{"__typename":"Droid","id":"2000","name":"C-3PO"},{"__typename":"Human","id":"1002","name":"Han"}]}}"#)
        let (friendsWatcher, friendsLog) = fixture.watch(friends, .returnCacheDataDontFetch)
        let (heroWatcher, heroLog) = fixture.watch(heroName, .returnCacheDataDontFetch)
        defer { friendsWatcher.cancel(); heroWatcher.cancel() }
        let removed = try fixture.store.withinReadWriteTransaction { try $0.removeObjects(matching: "human:") }
        #expect(removed == ["Human:1000", "Human:1002"])
        let misses = try fixture.store.readResult(query: friends).misses
        #expect(misses.map(\.path) == [
            [.field("hero"), .field("friends"), .index(0)], [.field("hero"), .field("friends"), .index(2)],
        ])
        #expect(misses.map(\.reason) == [.danglingReference, .danglingReference])
        #expect(friendsLog.count == 2)
        #expect(friendsLog.summary.last?.hasPrefix("error:cache miss at hero.friends.0") == true)
        #expect(heroLog.count == 1)
        #expect(try fixture.store.load(query: heroName).source == .cache)
    }

    @Test(arguments: CacheKind.allCases)
    func removeObjectDoesNotCascade(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.store.merge(records: RecordSet(records: heroRecords))
        let removed = try fixture.store.withinReadWriteTransaction { try $0.removeObject(for: "QUERY_ROOT.hero") }
        #expect(removed)
        #expect(try fixture.store.loadRecord(forKey: .queryRoot)?["hero"] == .reference("QUERY_ROOT.hero"))
    }
}
