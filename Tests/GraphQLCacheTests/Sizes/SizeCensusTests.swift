import GraphQLCache
import Testing

/// What takes the space: groups by typename, root field and field, the largest records, and the
/// argument variants of root fields.
@Suite struct SizeCensusTests {
    static let records: [Record] = [
        Record(key: .queryRoot, ["hero(episode:JEDI)": .reference("Droid:2001"), "hero(episode:EMPIRE)": .reference("Human:1000"),
                                 "hero": .reference("Droid:2001"), "search(text:a)": .list([.reference("Human:1002")])]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2"), "friends": .list([.reference("Human:1000")])]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke Skywalker")]),
        Record(key: "Human:1002", ["__typename": .string("Human"), "name": .string("Han")]),
        Record(key: "Orphan:1", ["__typename": .string("Orphan")]),
    ]

    static func census(_ grouping: SizeCensus.Grouping, largest: Int = 10) -> SizeCensus {
        var census = SizeCensus(grouping: grouping, largest: largest)
        for record in records { census.add(record, jsonBytes: RecordJSON.encode(record.fields).count) }
        return census
    }

    static func size(_ key: CacheKey) -> Int {
        key.rawValue.utf8.count + RecordJSON.encode(records.first { $0.key == key }!.fields).count
    }

    @Test func byTypenameCountsRecordsAndBytes() {
        let census = Self.census(.typename)
        let human = census.groups.first { $0.name == "Human" }
        #expect(human == SizeCensus.Group(name: "Human", records: 2, bytes: Self.size("Human:1000") + Self.size("Human:1002")))
        #expect(Set(census.groups.map(\.name)) == ["QUERY_ROOT", "Droid", "Human", "Orphan"])
        #expect(census.records == 5)
        #expect(census.bytes == Self.records.map { Self.size($0.key) }.reduce(0, +))
    }

    @Test func byRootGivesEachRecordToTheFirstRootFieldReachingIt() {
        let groups = Dictionary(uniqueKeysWithValues: Self.census(.root).groups.map { ($0.name, $0.records) })
        // Root fields in key order: hero, hero(episode:EMPIRE), hero(episode:JEDI), search(text:a).
        #expect(groups == ["(roots)": 1, "hero": 2, "search": 1, "(unreachable)": 1])
    }

    @Test func byFieldSumsEachFieldOfEachType() {
        let groups = Self.census(.field).groups
        #expect(groups.first { $0.name == "Human.name" }?.records == 2)
        #expect(groups.first { $0.name == "QUERY_ROOT.hero" }?.records == 3)
    }

    @Test func largestRecordsComeFirstAndAreLimited() {
        let largest = Self.census(.typename, largest: 2).largest
        #expect(largest.count == 2)
        #expect(largest[0].key == .queryRoot)
        #expect(largest[0].bytes >= largest[1].bytes)
    }

    @Test func argumentVariantsOfRootFieldsAreCounted() {
        #expect(Self.census(.typename).variants == [
            SizeCensus.Variants(pattern: "hero(episode:*)", count: 2),
            SizeCensus.Variants(pattern: "search(text:*)", count: 1),
        ])
    }
}
