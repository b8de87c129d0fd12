@testable import GraphQLCacheSQLite
import Testing

/// `MemoryOrder` gives every position exactly once, smallest address first, equal addresses
/// in list order: over shuffled heap-like addresses, duplicates, a span as wide as the address
/// space (where low bits must be dropped to fit the key) and the trivial lists.
@Suite struct MemoryOrderTests {
    private static func expectSorted(_ addresses: [UInt], _ comment: Comment) {
        let positions = MemoryOrder.positions(sortedBy: addresses)
        #expect(positions.sorted() == Array(addresses.indices), comment)
        let expected = addresses.indices.sorted { (addresses[$0], $0) < (addresses[$1], $1) }
        if positions.count == addresses.count {
            let ordered = zip(positions, positions.dropFirst()).allSatisfy { addresses[$0] <= addresses[$1] }
            #expect(ordered, comment)
        }
        // Exactly the stable order, except where a wide span made close addresses equal keys.
        if addresses.isEmpty || (addresses.max()! - addresses.min()!) < 1 << 40 {
            #expect(positions == expected, comment)
        }
    }

    @Test func heapLikeAddressesInAnyOrder() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 100, 10_000] {
            let base: UInt = 0x7F00_0000_0000
            let addresses = (0..<count).map { base + UInt($0) * 304 + UInt.random(in: 0..<4, using: &generator) * 16 }
            Self.expectSorted(addresses.shuffled(using: &generator), "\(count) addresses")
        }
    }

    @Test func equalAddressesKeepTheirListOrder() {
        Self.expectSorted([64, 32, 64, 32, 32, 64], "duplicates")
        Self.expectSorted(Array(repeating: 4_096, count: 50), "all equal")
    }

    @Test func aSpanAsWideAsTheAddressSpaceStillGivesEveryPositionOnce() {
        var generator = SystemRandomNumberGenerator()
        let addresses = (0..<5_000).map { _ in UInt.random(in: 0...UInt.max, using: &generator) } + [0, UInt.max]
        Self.expectSorted(addresses, "random 64-bit addresses")
        let positions = MemoryOrder.positions(sortedBy: addresses)
        #expect(addresses[positions.first!] == 0 && addresses[positions.last!] == UInt.max)
    }
}
