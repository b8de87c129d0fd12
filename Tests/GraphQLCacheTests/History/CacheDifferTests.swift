import CacheTestSupport
import GraphQLCache
import Testing

/// The merge join behind `cachelens diff` and journal entries: added, removed and changed
/// records with field-level before/after, re-pointed references, filters, and order checks.
@Suite struct CacheDifferTests {
    static let before: [Record] = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2"),
                                   "friends": .list([.reference("Human:1000")])]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke")]),
        Record(key: "Human:1002", ["__typename": .string("Human"), "name": .string("Han")]),
    ]
    static let after: [Record] = [
        Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
        Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2"),
                                   "friends": .list([.reference("Human:1003")])]),
        Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke S."), "height": .double(1.72)]),
        Record(key: "Human:1003", ["__typename": .string("Human"), "name": .string("Leia")]),
    ]

    static func diff(_ before: [Record], _ after: [Record], keys: String? = nil) throws -> [RecordDelta] {
        var differ = CacheDiffer(before: InMemoryKeyOrderedRows(records: before), after: InMemoryKeyOrderedRows(records: after),
                                 keys: keys.map(KeyPattern.init))
        return try differ.all()
    }

    /// The diff's work, counted: linear in rows (at most two key comparisons per row read) and
    /// decoding only the rows whose stored bytes differ, however many are equal.
    @Test func aDiffComparesEachRowOnceAndDecodesOnlyTheRowsThatDiffer() throws {
        func rows(_ changed: Set<Int>) -> InMemoryKeyOrderedRows {
            InMemoryKeyOrderedRows(rows: (0..<2_000).map { index in
                let price = changed.contains(index) ? "2" : "1"
                return KeyedRow(key: CacheKey("Item:\(index)"), content: .json(Array(#"{"__typename":"Item","price":\#(price)}"#.utf8)))
            })
        }
        var differ = CacheDiffer(before: rows([]), after: rows([7, 700, 1_999]))
        #expect(try differ.all().map(\.key) == ["Item:1999", "Item:7", "Item:700"])
        #expect(differ.rowsRead.before == 2_000 && differ.rowsRead.after == 2_000)
        #expect(differ.work.rowsDecoded == 6, "only the three changed rows, on both sides")
        #expect(differ.work.keyComparisons <= 2 * 4_000)
    }

    @Test func reportsAddedRemovedAndChangedRecordsFieldByField() throws {
        let deltas = try Self.diff(Self.before, Self.after)
        #expect(deltas.map(\.key) == ["Droid:2001", "Human:1000", "Human:1002", "Human:1003"])
        #expect(deltas.map(\.kind) == [.changed, .changed, .removed, .added])
        #expect(deltas[1].fields == [
            FieldDelta(field: "height", before: nil, after: .double(1.72)),
            FieldDelta(field: "name", before: .string("Luke"), after: .string("Luke S.")),
        ])
        #expect(deltas[2].fields.first { $0.field == "name" }?.before == .string("Han"))
        #expect(deltas[3].typename == "Human")
    }

    @Test func aReferenceThatPointsElsewhereIsRepointed() throws {
        let deltas = try Self.diff(Self.before, Self.after)
        #expect(deltas[0].repointedFields.map(\.field) == ["friends"])
        #expect(deltas[1].repointedFields.isEmpty)
    }

    @Test func equalCachesHaveNoDifferences() throws {
        #expect(try Self.diff(Self.before, Self.before).isEmpty)
        #expect(try Self.diff([], []).isEmpty)
    }

    @Test func differentlySpelledEqualJSONIsNoChange() throws {
        let a = InMemoryKeyOrderedRows(rows: [KeyedRow(key: "A", content: .json(Array(#"{"x":1,"y":"z"}"#.utf8)))])
        let b = InMemoryKeyOrderedRows(rows: [KeyedRow(key: "A", content: .json(Array(#"{"y":"z", "x":1}"#.utf8)))])
        var differ = CacheDiffer(before: a, after: b)
        #expect(try differ.all().isEmpty)
    }

    @Test func keysFilterKeepsOnlyMatchingRecords() throws {
        #expect(try Self.diff(Self.before, Self.after, keys: "human").map(\.key) == ["Human:1000", "Human:1002", "Human:1003"])
    }

    @Test func brokenRowsAreReportedAndLeftOut() throws {
        let a = InMemoryKeyOrderedRows(rows: [KeyedRow(key: "A", content: .json(Array("{oops".utf8)))])
        let b = InMemoryKeyOrderedRows(rows: [KeyedRow(key: "A", content: .fields(["x": .int(1)]))])
        var differ = CacheDiffer(before: a, after: b)
        #expect(try differ.all().isEmpty)
        #expect(differ.broken.map(\.key) == ["A"])
    }

    @Test func keysComparedAsBytesNotCanonicalStrings() throws {
        // "é" precomposed and decomposed are one Swift String but two keys.
        let composed = Record(key: CacheKey("caf\u{E9}"), ["x": .int(1)])
        let decomposed = Record(key: CacheKey("cafe\u{301}"), ["x": .int(1)])
        let deltas = try Self.diff([composed], [decomposed])
        #expect(deltas.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.added, .removed])
    }

    @Test func rowsOutOfOrderAreAnError() throws {
        struct Backwards: KeyOrderedRows {
            var rows = [KeyedRow(key: "B", content: .fields([:])), KeyedRow(key: "A", content: .fields([:]))]
            mutating func next() throws -> KeyedRow? { rows.isEmpty ? nil : rows.removeFirst() }
        }
        var differ = CacheDiffer(before: Backwards(), after: InMemoryKeyOrderedRows(records: []))
        #expect(throws: GraphQLCacheError.self) { try differ.all() }
    }

    @Test func deltaJSONRoundTrips() throws {
        for delta in try Self.diff(Self.before, Self.after) {
            let back = try RecordDelta(json: try JSONValue.parse(delta.jsonValue.jsonText), context: "test")
            #expect(back == delta)
        }
    }

    @Test func stateChangesAreTheDiffOfTwoStates() throws {
        var old = InMemoryKeyOrderedRows(records: Self.before), new = InMemoryKeyOrderedRows(records: Self.after)
        let first = try CacheState(reading: &old), second = try CacheState(reading: &new)
        #expect(try first.changes(to: second) == Self.diff(Self.before, Self.after))
        #expect(try first.changes(to: first).isEmpty)
        #expect(first.digest != second.digest)
        #expect(first.digest.rows == 4)
    }
}
