import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Keys as bytes, as a bounded, seeded fuzz run: random Unicode keys (combining marks,
/// compatibility characters, invisible characters, NUL, and each key beside its NFC and NFD
/// spellings) are merged, listed, removed by pattern, exported to a snapshot, imported into both
/// caches and read back after a reopen. No key may be lost, merged into another or changed, and
/// each record keeps its own content.
@Suite struct KeyFuzzTests {
    /// What one run saw, for the issue note.
    struct Tally: CustomStringConvertible {
        var tried = 0, textEqualPairs = 0, removed = 0, lost = 0, merged = 0, changed = 0
        var description: String {
            "\(tried) keys tried (\(textEqualPairs) equal as text to another), \(removed) removed by pattern, "
                + "lost \(lost), merged \(merged), changed \(changed)"
        }
    }

    /// Pieces keys are made of: ASCII, precomposed letters and combining marks, compatibility
    /// characters that Unicode calls equal to ASCII or precomposed ones, invisible characters,
    /// NUL, and the separators keys use.
    static let pieces: [String] = [
        "a", "A", "K", "k", "e", "E", "1", "0", ":", ".", " ", "Item", "QUERY_ROOT",
        "\u{E9}", "\u{301}", "\u{308}", "\u{327}", "\u{FC}", "\u{C5}", "\u{E7}",
        "\u{212A}", "\u{212B}", "\u{2126}", "\u{3A9}", "\u{FB01}", "\u{FF21}", "\u{1E9B}\u{323}",
        "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{2028}", "\u{202E}", "\u{0}", "\u{1F600}",
    ]
    static let keysPerSeed = 250

    static func keys(seed: UInt64) -> [CacheKey] {
        var random = SplitMix(seed: seed)
        var seen = Set<[UInt8]>(), keys: [CacheKey] = []
        func add(_ text: String) {
            if seen.insert(Array(text.utf8)).inserted { keys.append(CacheKey(text)) }
        }
        while keys.count < keysPerSeed {
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            add(text)
            add(text.precomposedStringWithCanonicalMapping)
            add(text.decomposedStringWithCanonicalMapping)
        }
        return keys
    }

    static func bytes(_ key: CacheKey) -> [UInt8] { Array(key.rawValue.utf8) }

    /// Each record holds its key's bytes as text, and points at the next key.
    static func records(_ keys: [CacheKey]) -> RecordSet {
        RecordSet(records: keys.indices.map { index in
            Record(key: keys[index], ["bytes": .string(hex(keys[index])),
                                      "next": .reference(keys[(index + 1) % keys.count])])
        })
    }

    static func hex(_ key: CacheKey) -> String { bytes(key).map { String($0, radix: 16) }.joined(separator: " ") }

    /// Counts what `records` lost, merged or changed against `expected`.
    static func compare(_ records: RecordSet, expected: [CacheKey], into tally: inout Tally) {
        let found = Dictionary(records.records.map { (bytes($0.key), $0) }, uniquingKeysWith: { first, _ in first })
        if records.count != found.count || records.count < expected.count { tally.merged += abs(expected.count - records.count) }
        for key in expected {
            guard let record = found[bytes(key)] else { tally.lost += 1; continue }
            if record["bytes"] != .string(hex(key)) { tally.changed += 1 }
        }
        if records.count > expected.count { tally.changed += records.count - expected.count }
    }

    @Test(.timeLimit(.minutes(2)), arguments: [UInt64(25), 0xB17E5, 2_026])
    func randomUnicodeKeysAreNeverLostMergedOrChanged(seed: UInt64) throws {
        let keys = Self.keys(seed: seed)
        for kind in CacheKind.allCases {
            var tally = Tally()
            tally.tried = keys.count
            tally.textEqualPairs = Dictionary(grouping: keys, by: \.rawValue).values.filter { $0.count > 1 }.map(\.count).reduce(0, +)
            let survivors = try mergeListAndRemove(keys, kind: kind, seed: seed, tally: &tally)
            try exportAndImport(survivors, kind: kind, tally: &tally)
            #expect(tally.lost == 0 && tally.merged == 0 && tally.changed == 0, "\(kind), seed \(seed): \(tally)")
            print("key fuzz, seed \(seed), \(kind): \(tally)")
        }
    }

    /// Merges every key, checks the merge's report, a load of each key and the key listing,
    /// removes by one pattern; returns the keys left.
    private func mergeListAndRemove(_ keys: [CacheKey], kind: CacheKind, seed: UInt64, tally: inout Tally) throws -> [CacheKey] {
        let cache = kind.makeCache()
        let changes = try cache.merge(records: Self.records(keys))
        if Set(changes.records.map { Self.bytes($0.record) }) != Set(keys.map(Self.bytes)) { tally.merged += 1 }
        let loaded = try cache.loadRecords(forKeys: Set(keys))
        Self.compare(RecordSet(records: Array(loaded.values)), expected: keys, into: &tally)
        let listed = try cache.keys(matching: nil, offset: 0, limit: keys.count + 10)
        if Set(listed.map(Self.bytes)) != Set(keys.map(Self.bytes)) || listed.count != keys.count { tally.merged += 1 }
        var random = SplitMix(seed: seed ^ 0x5EED)
        let pattern = Self.pieces.filter { $0 != "\u{0}" }.randomElement(using: &random)!
        let expectedRemoved = keys.filter { KeyPattern(pattern).matches($0) }
        let removed = try cache.removeRecords(matching: pattern)
        tally.removed = removed.count
        if Set(removed.map(Self.bytes)) != Set(expectedRemoved.map(Self.bytes)) || removed.count != expectedRemoved.count {
            tally.lost += 1
        }
        let survivors = keys.filter { !KeyPattern(pattern).matches($0) }
        Self.compare(try cache.allRecords(), expected: survivors, into: &tally)
        return survivors
    }

    /// Exports the survivors as a snapshot, imports it into a fresh cache of each kind and reads
    /// every record back (from a reopened file for SQLite).
    private func exportAndImport(_ survivors: [CacheKey], kind: CacheKind, tally: inout Tally) throws {
        let source = kind.makeCache(Array(Self.records(survivors).records))
        let snapshot = Snapshot.encode(try source.allRecords().records)
        let decoded = try Snapshot.decode(snapshot, source: "fuzz.json")
        Self.compare(decoded, expected: survivors, into: &tally)
        for target in CacheKind.allCases {
            let directory = try TemporaryDirectory()
            let cache = try target.makeCache(in: directory)
            let summary = try cache.importSnapshot(decoded, replacing: true)
            if summary.records != survivors.count || summary.changedRecords != survivors.count { tally.merged += 1 }
            let reopened = try target.reopen(cache, in: directory)
            Self.compare(try reopened.allRecords(), expected: survivors, into: &tally)
            let loaded = try reopened.loadRecords(forKeys: Set(survivors))
            Self.compare(RecordSet(records: Array(loaded.values)), expected: survivors, into: &tally)
        }
    }
}
