import CacheTestSupport
import Testing
@testable import GraphQLCache

/// The byte-keyed graph garbage collection walks: keys interned one at a time and in batches
/// (across table growth and batches whose new keys collide) are the same node exactly when
/// their bytes are equal, and rows added from stored text in batches give the graph rows added
/// one by one from decoded records give.
@Suite struct ReferenceGraphTests {
    /// Keys of every length from 0 to 40 bytes over an alphabet with shared prefixes, precomposed
    /// and decomposed `é`, quotes and backslashes, many of them repeated.
    private static func keys(count: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix(seed: seed)
        let pieces = ["Item:", "a", "Z", "0", "9", "\u{E9}", "e\u{301}", "\"", "\\", "日", " "].map { Array($0.utf8) }
        return (0..<count).map { _ in
            var key: [UInt8] = []
            let target = Int.random(in: 0...40, using: &generator)
            while key.count < target { key += pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
            return key
        }
    }

    @Test(arguments: [1, 2, 3])
    func aKeyIsOneNodeExactlyWhenItsBytesAreEqual(seed: UInt64) {
        let keys = Self.keys(count: 6_000, seed: seed)
        var single = InternedKeys(), batched = InternedKeys()
        let singleNodes = keys.map { key in key.withUnsafeBufferPointer { single.intern($0) } }
        var batchedNodes = [Int32](repeating: -1, count: keys.count)
        let flat = keys.flatMap { $0 }
        let ends = keys.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.count) }
        flat.withUnsafeBufferPointer { all in
            batched.intern(count: keys.count, { UnsafeBufferPointer(rebasing: all[($0 == 0 ? 0 : ends[$0 - 1])..<ends[$0]]) }) {
                batchedNodes[$0] = $1
            }
        }
        var firstNode: [[UInt8]: Int32] = [:]
        for (index, key) in keys.enumerated() {
            let node = firstNode[key] ?? singleNodes[index]
            firstNode[key] = node
            #expect(singleNodes[index] == node && batchedNodes[index] == node, "key \(key)")
            #expect(Array(single.key(of: Int(node)).rawValue.utf8) == key)
        }
        #expect(single.count == firstNode.count && batched.count == firstNode.count)
        #expect(Array("not a key".utf8).withUnsafeBufferPointer { single.find($0) } == nil)
    }

    /// Records as the cache writes them (references at field level, in nested lists, inside an
    /// object value, to absent keys, to themselves, in unreachable cycles): the graph from their
    /// text, interned in batches, has the rows and edges of the graph from the decoded records.
    @Test(arguments: [4, 5])
    func rowsFromTextInBatchesAreRowsFromDecodedRecords(seed: UInt64) throws {
        var generator = SplitMix(seed: seed)
        let keys = (0..<3_000).map { CacheKey("K:\($0 % 7 == 0 ? "caf\u{E9}" : "")\($0)") }
        let records = keys.enumerated().map { index, key in
            var fields: [String: CacheValue] = [
                "one": .reference(keys.randomElement(using: &generator)!),
                "list": .list([.list([.reference(keys.randomElement(using: &generator)!), .null]), .reference(CacheKey("Absent:\(index)"))]),
            ]
            // Texts the byte scan leaves to the decoder, among the others.
            if index % 5 == 0 { fields["object"] = .object(["hidden": .reference(keys.randomElement(using: &generator)!)]) }
            if index % 11 == 0 { fields["name"] = .string("a { in a string") }
            return Record(key: key, fields)
        } + [Record(key: .queryRoot, ["start": .reference(keys[0])]), Record(key: "Self:1", ["me": .reference("Self:1")])]
        var fromText = ReferenceGraph(), fromRecords = ReferenceGraph()
        for record in records {
            let text = Array(RecordJSON.encode(record.fields))
            let exact = Array(record.key.rawValue.utf8).withUnsafeBufferPointer { key in
                text.withUnsafeBufferPointer { fromText.addRow(key: key, json: $0) }
            }
            if !exact { fromText.addRow(Record(key: record.key, try RecordJSON.decode(String(decoding: text, as: UTF8.self), key: record.key))) }
            fromRecords.addRow(record.key, references: record.referencedKeys)
        }
        fromText.finishRows()
        #expect(Self.rows(fromText) == Self.rows(fromRecords))
        #expect(Set(fromText.unreachableRows().map(fromText.key(of:))) == Set(fromRecords.unreachableRows().map(fromRecords.key(of:))))
        #expect(fromText.unreachableRows().map(fromText.key(of:)).contains("Self:1"))
    }

    /// A row added again replaces the earlier one, in the order the rows came, whether it was
    /// pending in a batch or added at once.
    @Test func aRowAddedAgainReplacesTheEarlierOne() {
        var graph = ReferenceGraph()
        func addText(_ key: String, _ json: String) {
            _ = Array(key.utf8).withUnsafeBufferPointer { key in Array(json.utf8).withUnsafeBufferPointer { graph.addRow(key: key, json: $0) } }
        }
        addText("A", #"{"x":{"$reference":"X"}}"#)
        graph.addRow("A", references: ["Y"])
        addText("B", #"{"x":{"$reference":"X"}}"#)
        addText("B", #"{"z":{"$reference":"Z"}}"#)
        graph.finishRows()
        #expect(Self.rows(graph) == ["A": ["Y"], "B": ["Z"]])
    }

    /// Every row's key and referenced keys, by name.
    private static func rows(_ graph: ReferenceGraph) -> [CacheKey: [CacheKey]] {
        var rows: [CacheKey: [CacheKey]] = [:]
        for node in 0..<graph.count where graph.isPresent[node] {
            rows[graph.key(of: node)] = graph.edges(of: node).map { graph.key(of: Int($0)) }.sorted { $0.rawValue < $1.rawValue }
        }
        return rows
    }
}
