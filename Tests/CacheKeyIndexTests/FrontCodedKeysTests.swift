import GraphQLCache
import CacheTestSupport
@testable import CacheKeyIndex
import Testing

/// The key index front-codes its keys and builds its order from sorted runs: keys read in
/// several runs, and edited many times over, come out exactly as `NaturalOrder` sorts them.
@Suite struct FrontCodedKeysTests {
    typealias Keys = NaturalKeyEncodingTests

    /// Keys appended in runs of `runLength`, not merged yet.
    static func runs(_ keys: [String], runLength: Int, inBackground: Bool = false) -> SortedKeyIndex {
        var index = SortedKeyIndex()
        index.runLength = runLength
        index.sortsRunsInBackground = inBackground
        for key in keys { var raw = key; raw.withUTF8 { index.appendUnsorted($0) } }
        return index
    }

    @Test(arguments: [false, true])
    func keysReadInManyRunsAreMergedIntoTheNaturalOrder(runsSortedInBackground: Bool) {
        let keys = Array(Set(Keys.trickyKeys + Keys.randomKeys(count: 20_000, seed: 31)))
        var index = Self.runs(keys, runLength: 997, inBackground: runsSortedInBackground)
        #expect(index.slotCount == keys.count)
        index.sealRun()
        #expect(index.runs.count == (keys.count + 996) / 997)
        index.sortAll()
        #expect(index.runs.isEmpty)
        #expect(index.keys(in: 0..<index.count).map(\.rawValue) == keys.sorted(by: NaturalOrder.precedes))
    }

    @Test func theFirstLastAndMiddleKeysOfUnmergedRunsAreThoseOfTheOrder() {
        let keys = Array(Set(Keys.trickyKeys + Keys.randomKeys(count: 12_000, seed: 37)))
        let sorted = keys.sorted(by: NaturalOrder.precedes).map { CacheKey($0) }
        // 13 sealed runs, one of them still sorting, and one not sealed yet.
        let index = Self.runs(keys, runLength: 900, inBackground: true)
        let extremes = index.extremes(256)
        #expect(extremes.smallest == Array(sorted.prefix(256)))
        #expect(extremes.largest == Array(sorted.suffix(256)))
        var generator = SplitMix(seed: 41)
        let starts = [0, 1, 899, 900, sorted.count / 2, sorted.count - 40, sorted.count - 1]
            + (0..<30).map { _ in Int(generator.next() % UInt64(sorted.count)) }
        for start in starts {
            let range = start..<min(start + 40, sorted.count)
            #expect(index.unsortedPage(range) == Array(sorted[range]), "\(range)")
        }
        #expect(index.unsortedPage(sorted.count..<(sorted.count + 5)) == [])
    }

    @Test func aCursorGivesEachKeyWhereverItMovesFrom() {
        let keys = Array(Set(Keys.trickyKeys + Keys.randomKeys(count: 3000, seed: 43)))
        let index = NaturalKeyEncodingTests.sortedIndex(keys)
        let sorted = keys.sorted(by: NaturalOrder.precedes).map { CacheKey($0) }
        var generator = SplitMix(seed: 47)
        // Backwards, within a block, across blocks, the same position twice.
        let positions = [5, 3, 4, 4, 17, 16, 15, sorted.count - 1, 0] + (0..<500).map { _ in Int(generator.next() % UInt64(sorted.count)) }
        for position in positions {
            #expect(index.key(at: position) == sorted[position], "\(position)")
        }
    }

    /// Inserts and removals of a few keys at a time leave blocks part full; the keys stay in
    /// order, and the blocks are written again once most are part full.
    @Test func manySmallEditsKeepTheOrderAndTheBlocksFew() {
        var keys = Set(Keys.randomKeys(count: 4000, seed: 53))
        var index = NaturalKeyEncodingTests.sortedIndex(Array(keys))
        var generator = SplitMix(seed: 59)
        for round in 0..<300 {
            if round % 2 == 0 {
                let removed = Set(keys.shuffled(using: &generator).prefix(Int(generator.next() % 5) + 1))
                index.remove(Set(removed.map { CacheKey($0) }))
                keys.subtract(removed)
            } else {
                let added = (0..<Int(generator.next() % 4 + 1)).map { _ in "New:\(generator.next() % 100_000).\(round)" }.filter { !keys.contains($0) }
                let inserted = index.merge(added.map { CacheKey($0) })
                #expect(inserted)
                keys.formUnion(added)
            }
            #expect(!index.sorted.isFragmented)
        }
        #expect(index.keys(in: 0..<index.count).map(\.rawValue) == keys.sorted(by: NaturalOrder.precedes))
        for key in keys.prefix(200) { #expect(index.contains(CacheKey(key)), "\(key)") }
        #expect(!index.contains("New:not.there"))
    }

    /// Keys longer than a cursor's first buffer and shared prefixes longer than a one-byte
    /// count.
    @Test func longKeysAndLongSharedPrefixesDecodeWhole() {
        let base = String(repeating: "segment/", count: 40)
        let keys = (0..<100).map { "\(base)\($0)" } + ["x" + String(repeating: "é", count: 2000), "x" + String(repeating: "é", count: 2001)]
        let index = NaturalKeyEncodingTests.sortedIndex(keys)
        #expect(index.keys(in: 0..<index.count).map(\.rawValue) == keys.sorted(by: NaturalOrder.precedes))
        #expect(index.key(at: index.count - 1).rawValue == keys.last)
    }

    /// What the front coding is for: `Item:N` keys in order share all but their last digits.
    @Test func itemKeysTakeAFewBytesEach() {
        let keys = (0..<50_000).map { "Item:\($0)" }
        let index = Self.runs(keys, runLength: 10_000)
        var sorted = index
        sorted.sortAll()
        #expect(sorted.count == keys.count)
        let perKey = Double(sorted.sortedByteCount) / Double(sorted.count)
        #expect(perKey < 6, "\(perKey) bytes a key")
    }

    /// A sweep passes over blocks without the filter's sentinel byte undecoded; from any start
    /// (mid-block too) it finds what testing each key finds.
    @Test func aSweepFindsWhatTestingEachKeyFinds() {
        let keys = (0..<20_000).map { "Item:\($0)" } + ["Person:1", "Person:22", "QUERY_ROOT.user", "Item:5.owner"]
        let index = NaturalKeyEncodingTests.sortedIndex(keys)
        let sorted = keys.sorted(by: NaturalOrder.precedes)
        for filter in ["person", "user", "1.", "Item:19", "zz", "é"] {
            let test = KeyTest(KeyPattern(filter), plainASCII: index.plainASCII)
            for start in [0, 7, 9_999, 19_990] {
                let expected = (start..<sorted.count).filter { KeyPattern(filter).matches(sorted[$0]) }.map(Int32.init)
                #expect(index.positions(from: start, test, parallel: true) == expected, "\(filter) from \(start)")
            }
        }
    }

    @Test func theKeysAnotherIndexLacksAreTheSetDifferenceInOrder() {
        let keys = Array(Set(Keys.trickyKeys + Keys.randomKeys(count: 6000, seed: 61)))
        var generator = SplitMix(seed: 67)
        let kept = keys.filter { _ in generator.next() % 10 != 0 } + ["Only:there", "Item:99999999"]
        let listed = NaturalKeyEncodingTests.sortedIndex(keys), present = NaturalKeyEncodingTests.sortedIndex(Array(Set(kept)))
        let expected = Set(keys).subtracting(kept).sorted(by: NaturalOrder.precedes)
        #expect(listed.keys(notIn: present).map(\.rawValue) == expected)
        #expect(listed.keys(notIn: SortedKeyIndex()).count == keys.count)
        #expect(SortedKeyIndex().keys(notIn: listed).isEmpty)
    }
}
