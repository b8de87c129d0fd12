import GraphQLCache
@testable import CacheKeyIndex
import Testing

/// A filter's matches found lazily: a page needs only its first matches, a longer filter
/// narrows a shorter one's even before they are all found, and every answer is what
/// `KeyPattern` accepts.
@Suite struct FilterScanTests {
    private let keys = Array(Set(NaturalKeyEncodingTests.randomKeys(count: 4000, seed: 21) + ["Item:1", "Item:12", "item:120"]))
    private var sorted: [String] { keys.sorted(by: NaturalOrder.precedes) }

    private func expected(_ filter: String) -> [CacheKey] {
        sorted.filter(KeyPattern(filter).matches).map { CacheKey($0) }
    }

    @Test func aPageNeedsOnlyItsFirstMatches() {
        let scan = FilterScan(filter: "item", index: NaturalKeyEncodingTests.sortedIndex(keys))
        let known = scan.count(atLeast: 10)
        #expect(known.count == 10)
        #expect(!known.isComplete)
        #expect(scan.keys(in: 0..<10) == Array(expected("item").prefix(10)))
        #expect(scan.keys(in: 200..<210) == Array(expected("item")[200..<210]))
        #expect(scan.finish() == expected("item").count)
        #expect(scan.count(atLeast: 10) == (expected("item").count, true))
        #expect(scan.keys(in: 0..<keys.count) == expected("item"))
    }

    @Test func aLongerFilterNarrowsAShorterOnesMatchesFoundSoFar() {
        let index = NaturalKeyEncodingTests.sortedIndex(keys)
        let chain = ["i", "it", "ite", "item", "item:", "item:1", "item:12"]
        var parent: FilterScan?
        for (step, filter) in chain.enumerated() {
            let scan = FilterScan(filter: filter, index: index, narrowing: parent)
            _ = scan.count(atLeast: 5 + 40 * step)
            #expect(scan.keys(in: 0..<7) == Array(expected(filter).prefix(7)), "\(filter)")
            parent = scan
        }
        #expect(parent?.finish() == expected("item:12").count)
        #expect(parent?.keys(in: 0..<keys.count) == expected("item:12"))
        let complete = FilterScan(filter: "item:1", index: index)
        _ = complete.finish()
        let narrowed = FilterScan(filter: "ITEM:12", index: index, narrowing: complete)
        #expect(narrowed.keys(in: 0..<keys.count) == expected("item:12"))
    }

    @Test func aFilterMatchingEveryKeyTestedSoFarNarrowsToTheRestOfTheKeys() {
        let index = NaturalKeyEncodingTests.sortedIndex(["Item:1", "Item:2", "Item:3", "Item:10", "Item:20"])
        let all = FilterScan(filter: "item", index: index)
        #expect(all.count(atLeast: 2) == (2, false))
        let narrowed = FilterScan(filter: "item:2", index: index, narrowing: all)
        #expect(narrowed.keys(in: 0..<10) == ["Item:2", "Item:20"])
        #expect(all.keys(in: 0..<10).count == 5)
    }

    @Test func aFilterNoASCIIKeyContainsIsCompleteAtOnce() {
        let index = NaturalKeyEncodingTests.sortedIndex(["Item:1", "Item:2"])
        #expect(index.plainASCII)
        let scan = FilterScan(filter: "Itemé", index: index)
        #expect(scan.count(atLeast: 1) == (0, true))
    }

    @Test func aNonASCIIFilterOverMixedKeysAgreesWithKeyPattern() {
        let index = NaturalKeyEncodingTests.sortedIndex(keys)
        #expect(!index.plainASCII)
        for filter in ["é", "E\u{301}", "日本:1", "\u{212A}", "ñ"] {
            let scan = FilterScan(filter: filter, index: index)
            #expect(scan.keys(in: 0..<keys.count) == expected(filter), "\(filter)")
        }
    }

    @Test func aFinishScheduledBeforeAStopGivesUp() {
        let scan = FilterScan(filter: "item", index: NaturalKeyEncodingTests.sortedIndex(keys))
        let ticket = scan.stopTicket
        scan.stop()
        #expect(scan.finish(unlessStoppedSince: ticket) == nil)
        #expect(scan.finish(unlessStoppedSince: scan.stopTicket) == expected("item").count)
    }
}

/// Filters that must test most of 100,000 keys: a page sweeps the rest of the keys, and a
/// sentinel byte rejects most keys before any search; the answers stay `KeyPattern`'s.
@Suite struct FilterSweepTests {
    private static let keys = (0..<100_000).map { "Item:\($0)" } + ["QUERY_ROOT.zq", "User:Zq1", "Item:x99999"]
    private static let index = NaturalKeyEncodingTests.sortedIndex(keys)
    private static let sorted = keys.sorted(by: NaturalOrder.precedes)

    private func expected(_ filter: String) -> [CacheKey] {
        Self.sorted.filter(KeyPattern(filter).matches).map { CacheKey($0) }
    }

    @Test func aRareFilterSweepsTheKeysAndFindsEveryMatch() {
        for filter in ["zq", "ZQ1", "x9", "item:99999", "r:z", "m:7777", "m:00", "nothing"] {
            let scan = FilterScan(filter: filter, index: Self.index)
            #expect(scan.keys(in: 0..<40) == Array(expected(filter).prefix(40)), "\(filter)")
            #expect(scan.count(atLeast: 1) == (expected(filter).count, true), "\(filter)")
        }
    }

    @Test func aBackgroundFinishSweepsTheKeysLeft() {
        for filter in ["item:1", "9", "item", "m:5"] {
            let scan = FilterScan(filter: filter, index: Self.index)
            _ = scan.count(atLeast: 10)
            #expect(scan.finish() == expected(filter).count, "\(filter)")
            #expect(scan.keys(in: 0..<Self.keys.count) == expected(filter), "\(filter)")
        }
    }

    @Test func theSentinelIsInEveryKeyTheFilterAccepts() {
        let keys = Self.keys + NaturalKeyEncodingTests.trickyKeys.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for filter in ["i", "I", "m:", ":", "9", "09", "0", "00", "a.1", "_", "zq", "x", "@", "`"] {
            let sentinel = KeySentinel(asciiFilter: filter)
            #expect((sentinel == nil) == filter.utf8.allSatisfy { $0 == UInt8(ascii: "0") }, "\(filter)")
            guard let sentinel else { continue }
            let chosen = filter.utf8.last { $0 != UInt8(ascii: "0") }!
            for key in keys.prefix(2000) + keys.suffix(300) {
                let encoded = NaturalKeyEncoding.encode(CacheKey(key))
                let found = encoded.withUnsafeBufferPointer(sentinel.isIn)
                let naive = encoded.dropFirst().contains { KeyPattern.fold(String(UnicodeScalar($0))) == KeyPattern.fold(String(UnicodeScalar(chosen))) }
                #expect(found == naive, "\(filter) in \(key.debugDescription)")
                if KeyPattern(filter).matches(key) { #expect(found, "\(filter) in \(key.debugDescription)") }
            }
        }
    }

    /// A frame's search (bounded) over more than `boundedSweep` keys stops when the matches
    /// are rare or absent, rather than sweep every key: the count says it is not complete, the
    /// page holds what was found, and `finish` finds the rest.
    @Test func aBoundedSearchForARareMatchStopsAndFinishFindsTheRest() {
        let count = FilterScan.boundedSweep + 10_000
        let keys = (0..<count).map { "Item:\($0)" } + ["Zebra:1"]
        let index = NaturalKeyEncodingTests.sortedIndex(keys)
        let known = FilterScan(filter: "zebra", index: index).count(atLeast: 40, bounded: true)
        #expect(known == (0, false))
        let scan = FilterScan(filter: "zebra", index: index)
        #expect(scan.keys(in: 0..<40, bounded: true).isEmpty)
        #expect(scan.finish() == 1)
        #expect(scan.keys(in: 0..<40, bounded: true) == ["Zebra:1"])
        #expect(scan.count(atLeast: 40, bounded: true) == (1, true))
    }

    /// A frame's search also stops when its time is up (`boundedTime`), once it has tested one
    /// `probe` of candidates: keys tested in natural order lie all over memory, and at ten
    /// million keys `boundedTests` of them outlasted a frame. With no time at all, a match past
    /// the first probe is left to `finish`; with a frame's time, it is found at once.
    @Test func aBoundedSearchStopsWhenItsTimeIsUp() {
        let keys = (0..<(FilterScan.boundedSweep + 10_000)).map { "Item:\($0)" } + ["Item:5000zebra"]
        let index = NaturalKeyEncodingTests.sortedIndex(keys)
        let hurried = FilterScan(filter: "zebra", index: index, frameTime: .zero)
        #expect(hurried.count(atLeast: 40, bounded: true) == (0, false))
        #expect(hurried.finish() == 1)
        let patient = FilterScan(filter: "zebra", index: index, frameTime: .seconds(60))
        #expect(patient.keys(in: 0..<40, bounded: true) == ["Item:5000zebra"])
    }

    @Test func anUnboundedSearchSweepsEveryKey() {
        let keys = (0..<(FilterScan.boundedSweep + 10_000)).map { "Item:\($0)" } + ["Zebra:1"]
        let scan = FilterScan(filter: "nothing", index: NaturalKeyEncodingTests.sortedIndex(keys))
        #expect(scan.count(atLeast: 40) == (0, true))
    }
}
