import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Keys that are equal as text (Swift's `String ==` is canonical equivalence) but differ as
/// bytes are different keys on both caches, as SQLite's `key` column holds them: `Café` (NFC)
/// and `Café` (NFD), `K` and the Kelvin sign. None is merged into another, dropped or renamed
/// by a merge, a load, a removal, a snapshot or a read.
@Suite struct ByteExactKeyTests {
    static let nfc = CacheKey("Caf\u{E9}")
    static let nfd = CacheKey("Cafe\u{301}")
    static let latinK = CacheKey("K")
    static let kelvin = CacheKey("\u{212A}")
    static let other = CacheKey("Other")
    static let keys = [nfc, nfd, latinK, kelvin, other]

    /// Five records, each holding its own key's UTF-8 bytes as `name`.
    static var records: [Record] {
        keys.map { Record(key: $0, ["name": .string(bytesText($0))]) }
    }

    static func bytesText(_ key: CacheKey) -> String {
        key.rawValue.utf8.map { String($0, radix: 16) }.joined(separator: " ")
    }

    static func bytes(_ keys: some Sequence<CacheKey>) -> Set<[UInt8]> {
        Set(keys.map { Array($0.rawValue.utf8) })
    }

    @Test(arguments: CacheKind.allCases)
    func keysEqualAsTextAreStoredAndLoadedApart(_ kind: CacheKind) throws {
        let cache = kind.makeCache(Self.records)
        #expect(try cache.recordCount() == 5)
        let all = try cache.allRecords()
        #expect(all.count == 5)
        #expect(Self.bytes(all.keys) == Self.bytes(Self.keys))
        for key in Self.keys {
            let record = try #require(try cache.loadRecord(forKey: key))
            #expect(Array(record.key.rawValue.utf8) == Array(key.rawValue.utf8))
            #expect(record["name"] == .string(Self.bytesText(key)))
        }
        let loaded = try cache.loadRecords(forKeys: Set(Self.keys))
        #expect(loaded.count == 5)
        for (key, record) in loaded { #expect(record["name"] == .string(Self.bytesText(key))) }
    }

    @Test(arguments: CacheKind.allCases)
    func aMergeReportsEachKeyAndChangesOnlyItsOwnRecord(_ kind: CacheKind) throws {
        let cache = kind.makeCache()
        let changes = try cache.merge(records: RecordSet(records: Self.records))
        #expect(Self.bytes(changes.records.map(\.record)) == Self.bytes(Self.keys))
        let again = try cache.merge(records: RecordSet(records: [Record(key: Self.nfd, ["name": .string("new")])]))
        #expect(Self.bytes(again.records.map(\.record)) == [Array(Self.nfd.rawValue.utf8)])
        #expect(try cache.loadRecord(forKey: Self.nfc)?["name"] == .string(Self.bytesText(Self.nfc)))
        #expect(try cache.loadRecord(forKey: Self.nfd)?["name"] == .string("new"))
    }

    @Test(arguments: CacheKind.allCases)
    func removingOneKeyLeavesTheKeyEqualToItAsText(_ kind: CacheKind) throws {
        let cache = kind.makeCache(Self.records)
        #expect(try cache.removeRecord(for: Self.kelvin))
        #expect(try cache.loadRecord(forKey: Self.kelvin) == nil)
        #expect(try cache.loadRecord(forKey: Self.latinK)?["name"] == .string(Self.bytesText(Self.latinK)))
        let removed = try cache.removeRecords(matching: "caf")
        #expect(Self.bytes(removed) == Self.bytes([Self.nfc, Self.nfd]))
        #expect(Self.bytes(try cache.allRecords().keys) == Self.bytes([Self.latinK, Self.other]))
    }

    @Test(arguments: CacheKind.allCases)
    func aSnapshotExportedAndImportedKeepsEveryKey(_ kind: CacheKind) throws {
        let source = kind.makeCache(Self.records)
        let bytes = Snapshot.encode(try source.allRecords().records)
        let decoded = try Snapshot.decode(bytes, source: "test.json")
        #expect(decoded.count == 5)
        let target = kind.makeCache()
        let summary = try target.importSnapshot(decoded, replacing: true)
        #expect(summary.records == 5)
        #expect(summary.changedRecords == 5)
        for key in Self.keys {
            #expect(try target.loadRecord(forKey: key)?["name"] == .string(Self.bytesText(key)))
        }
        let object = Snapshot.jsonObject(try target.allRecords())
        #expect(object.count == 5)
    }

    @Test(arguments: CacheKind.allCases)
    func aQueryReadsEachReferenceFromItsOwnRecord(_ kind: CacheKind) throws {
        var records = Self.records
        records.append(Record(key: .queryRoot, [
            "nfc": .reference(Self.nfc), "nfd": .reference(Self.nfd),
        ]))
        let cache = kind.makeCache(records)
        let executor = GraphQLExecutor()
        let operation = try executor.operation(document: "{ nfc { name } nfd { name } }", variables: [:])
        let result = try executor.read(operation, from: CacheRecordSource(cache))
        #expect(result.data?["nfc"]?["name"] == .string(Self.bytesText(Self.nfc)))
        #expect(result.data?["nfd"]?["name"] == .string(Self.bytesText(Self.nfd)))
    }
}
