import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Garbage collection on caches big enough for its batches (more than one page of a SQLite
/// scan, many batches of interned keys) against a plain model of Apollo Kotlin's rules: the
/// fields that reference an absent record go, then the records no root reaches by references
/// at field level or in lists (not inside object values). Keys differ only by `é` precomposed
/// or decomposed, records reference themselves and form cycles no root reaches.
@Suite struct GarbageCollectionModelTests {
    private static func records(seed: UInt64) -> [Record] {
        var generator = SplitMix(seed: seed)
        let count = 4_500
        let keys = (0..<count).map { CacheKey($0 % 13 == 0 ? "N:Caf\u{E9}\($0)" : "N:\($0)") }
        func someKey() -> CacheKey {
            let index = Int.random(in: 0..<count, using: &generator)
            switch Int.random(in: 0..<40, using: &generator) {
            case 0: return CacheKey("Gone:\(index)")
            case 1: return CacheKey("N:Cafe\u{301}\(index)")   // decomposed: no record has it
            default: return keys[index]
            }
        }
        var records = keys.enumerated().map { index, key in
            var fields: [String: CacheValue] = ["name": .string("record \(index)")]
            for field in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: fields["f\(field)"] = .list([.list([.reference(someKey()), .null]), .reference(someKey())])
                case 1: fields["f\(field)"] = .object(["inside": .reference(someKey())])
                case 2: fields["f\(field)"] = .reference(key)
                default: fields["f\(field)"] = .reference(someKey())
                }
            }
            return Record(key: key, fields)
        }
        let roots = (0..<30).map { _ in CacheValue.reference(someKey()) }
        records.append(Record(key: .queryRoot, ["items": .list(roots)]))
        records.append(Record(key: "Cycle:A", ["next": .reference("Cycle:B")]))
        records.append(Record(key: "Cycle:B", ["next": .reference("Cycle:A"), "me": .reference("Cycle:B")]))
        return records
    }

    /// What garbage collection removes from `records`, by the rules, without a graph.
    private static func expected(_ records: [Record]) -> GarbageCollectionResult {
        let present = Set(records.map(\.key))
        var removedFields = Set<FieldKey>()
        var edges: [CacheKey: [CacheKey]] = [:]
        for record in records {
            var kept: [CacheKey] = []
            for (name, value) in record.fields {
                let targets = value.referencedKeys
                if targets.contains(where: { !present.contains($0) }) {
                    removedFields.insert(FieldKey(record: record.key, field: name))
                } else {
                    kept += targets
                }
            }
            edges[record.key] = kept
        }
        return GarbageCollectionResult(removedKeys: RecordReachability.unreachableKeys(edges: edges), removedFields: removedFields)
    }

    @Test(arguments: CacheKind.allCases, [11, 12])
    func whatIsRemovedIsWhatTheRulesRemove(_ kind: CacheKind, seed: UInt64) throws {
        let records = Self.records(seed: seed)
        let expected = Self.expected(records)
        #expect(expected.removedKeys.isSuperset(of: ["Cycle:A", "Cycle:B"]) && !expected.removedFields.isEmpty)
        let store = kind.makeStore(records)
        let result = try store.garbageCollect()
        #expect(result.removedKeys == expected.removedKeys)
        #expect(result.removedFields == expected.removedFields)
        #expect(try store.garbageCollect().isEmpty)
    }
}
