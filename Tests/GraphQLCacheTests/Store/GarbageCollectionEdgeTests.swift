import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Garbage collection where a scan of stored references could go wrong: a transaction's own
/// writes over the cache, dangling references deep in lists, references inside a custom
/// scalar object (not references to the reader, so not to gc either), and keys whose bytes
/// differ though Swift calls them equal.
@Suite struct GarbageCollectionEdgeTests {
    /// The transaction's writes are what gc sees: a record it wrote is reachable through the
    /// root it re-pointed, one it removed is absent (so a field naming it dangles), and the
    /// cache's rows it hid stay hidden.
    @Test(arguments: CacheKind.allCases)
    func aTransactionsOwnWritesAreWhatItCollects(_ kind: CacheKind) throws {
        let store = kind.makeStore([
            Record(key: .queryRoot, ["hero": .reference("Droid:1"), "villain": .reference("Human:2")]),
            Record(key: "Droid:1", ["name": .string("R2-D2")]),
            Record(key: "Human:2", ["name": .string("Vader"), "ship": .reference("Ship:1")]),
            Record(key: "Ship:1", ["name": .string("TIE")]),
            Record(key: "New:1", ["name": .string("not yet reached")]),
        ])
        let result = try store.withinReadWriteTransaction { transaction in
            try transaction.merge(records: RecordSet(records: [
                Record(key: .queryRoot, ["hero": .reference("New:1")]),
                Record(key: "Made:1", ["friend": .reference("Droid:1"), "lost": .reference("Human:2")]),
                Record(key: "New:1", ["made": .reference("Made:1")]),
            ]))
            try transaction.removeRecord(for: "Human:2")
            let fields = try transaction.removeDanglingReferences()
            return GarbageCollectionResult(removedKeys: try transaction.removeUnreachableRecords(), removedFields: fields)
        }
        #expect(result.removedFields == [FieldKey(record: .queryRoot, field: "villain"), FieldKey(record: "Made:1", field: "lost")])
        #expect(result.removedKeys == ["Ship:1"])
        #expect(try store.loadRecord(forKey: "Made:1")?.fields == ["friend": .reference("Droid:1")])
        #expect(try store.loadRecord(forKey: .queryRoot)?.fields == ["hero": .reference("New:1")])
        #expect(try store.loadRecord(forKey: "Droid:1") != nil)
        #expect(try store.loadRecord(forKey: "Ship:1") == nil)
    }

    /// A removal by pattern inside the transaction hides the cache's rows it matches.
    @Test(arguments: CacheKind.allCases)
    func rowsATransactionRemovedByPatternAreAbsent(_ kind: CacheKind) throws {
        let store = kind.makeStore([
            Record(key: .queryRoot, ["items": .list([.reference("Item:1"), .reference("Item:2")]), "owner": .reference("User:1")]),
            Record(key: "Item:1", ["name": .string("one")]),
            Record(key: "Item:2", ["name": .string("two")]),
            Record(key: "User:1", ["pick": .reference("Item:2")]),
        ])
        let fields = try store.withinReadWriteTransaction { transaction in
            try transaction.removeRecords(matching: "Item:")
            return try transaction.removeDanglingReferences()
        }
        #expect(fields == [FieldKey(record: .queryRoot, field: "items"), FieldKey(record: "User:1", field: "pick")])
        #expect(try store.removeUnreachableRecords().isEmpty)
    }

    /// A list of lists holding one absent reference loses the whole field (as Apollo Kotlin's
    /// `removeDanglingReferences` does), and what only that field reached goes with the
    /// unreachable records.
    @Test(arguments: CacheKind.allCases)
    func aDanglingReferenceInANestedListRemovesTheField(_ kind: CacheKind) throws {
        let store = kind.makeStore([
            Record(key: .queryRoot, ["grid": .list([.list([.null, .reference("Cell:1")]), .list([.reference("Gone:1")])]),
                                     "row": .list([.reference("Cell:2")])]),
            Record(key: "Cell:1", ["name": .string("one")]),
            Record(key: "Cell:2", ["name": .string("two")]),
        ])
        let result = try store.garbageCollect()
        #expect(result.removedFields == [FieldKey(record: .queryRoot, field: "grid")])
        #expect(result.removedKeys == ["Cell:1"])
        #expect(try store.loadRecord(forKey: .queryRoot)?.fields == ["row": .list([.reference("Cell:2")])])
    }

    /// A reference inside a custom scalar object is not followed by reads, so it neither keeps
    /// its record nor dangles.
    @Test(arguments: CacheKind.allCases)
    func aReferenceInsideAnObjectValueIsNotAnEdge(_ kind: CacheKind) throws {
        let store = kind.makeStore([
            Record(key: .queryRoot, ["json": .object(["inner": .reference("Orphan:1"), "gone": .reference("Gone:1")])]),
            Record(key: "Orphan:1", ["name": .string("only inside an object")]),
        ])
        let result = try store.garbageCollect()
        #expect(result.removedFields.isEmpty)
        #expect(result.removedKeys == ["Orphan:1"])
    }

    /// Keys are bytes: a reference to `Café` decomposed does not reach `Café` precomposed, and
    /// keys with quotes, slashes, backslashes and non-ASCII letters are followed exactly.
    @Test(arguments: CacheKind.allCases)
    func keysAreFollowedByTheirBytes(_ kind: CacheKind) throws {
        let composed = CacheKey("City:Caf\u{E9}"), decomposed = CacheKey("City:Cafe\u{301}")
        let odd: [CacheKey] = [#"Odd:"quoted""#, "Odd:http://x/y", #"Odd:back\slash"#, "Odd:日本", "Odd:tab\there"]
        let store = kind.makeStore([
            Record(key: .queryRoot, ["city": .reference(decomposed), "odd": .list(odd.map { .reference($0) })]),
            Record(key: composed, ["name": .string("precomposed")]),
        ] + odd.map { Record(key: $0, ["name": .string($0.rawValue)]) })
        let result = try store.garbageCollect()
        #expect(result.removedFields == [FieldKey(record: .queryRoot, field: "city")])
        #expect(result.removedKeys == [composed])
        for key in odd { #expect(try store.loadRecord(forKey: key) != nil) }
    }
}
