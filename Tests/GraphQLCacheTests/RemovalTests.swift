import Testing
@testable import GraphQLCache

@Suite struct RemovalTests {
    private func cache(_ keys: [String]) throws -> InMemoryNormalizedCache {
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: keys.map { Record(key: CacheKey($0), ["x": .int(1)]) }))
        return cache
    }

    @Test func patternIsLiteralNotWildcard() throws {
        let cache = try cache(["human_1002", "HumanX1002", "Human%1002"])
        #expect(try cache.removeRecords(matching: "human_1002") == ["human_1002"])
        #expect(try cache.removeRecords(matching: "n%1") == ["Human%1002"])
        #expect(try cache.loadRecord(forKey: "HumanX1002") != nil)
    }

    @Test func patternIsCaseInsensitive() throws {
        let cache = try cache(["QUERY_ROOT.hero", "QUERY_ROOT.hero.friends.0", "Droid:2001"])
        #expect(try cache.removeRecords(matching: "HERO") == ["QUERY_ROOT.hero", "QUERY_ROOT.hero.friends.0"])
        #expect(try cache.recordCount() == 1)
    }

    @Test func patternFoldsUnicodeCase() throws {
        let cache = try cache(["Person:ünï", "Person:uni"])
        #expect(try cache.removeRecords(matching: "ÜNÏ") == ["Person:ünï"])
    }

    @Test func removeRecordDoesNotCascade() throws {
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: [
            Record(key: "QUERY_ROOT", ["hero": .reference("Droid:2001")]),
            Record(key: "Droid:2001", ["name": .string("R2-D2")]),
        ]))
        #expect(try cache.removeRecord(for: "Droid:2001"))
        #expect(try cache.removeRecord(for: "Droid:2001") == false)
        #expect(try cache.loadRecord(forKey: "QUERY_ROOT")?["hero"] == .reference("Droid:2001"))
    }

    @Test func clearRemovesEverything() throws {
        let cache = try cache(["a", "b"])
        try cache.clear()
        #expect(try cache.recordCount() == 0)
    }
}
