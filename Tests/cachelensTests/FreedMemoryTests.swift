#if canImport(Glibc)
import CacheTestSupport
import Glibc
import Testing
@testable import CacheLensCLI

/// The explorer's process gives large freed blocks back to the system: once a cache is opened
/// as `cachelens explore` opens it, blocks of a megabyte are mappings of their own even after a
/// larger one was freed (glibc would otherwise raise its threshold to the freed block's size and
/// serve the next big buffers from a heap that stays resident).
@Suite struct FreedMemoryTests {
    /// glibc marks a chunk served by its own mapping with bit 2 of the size word before it.
    private static func isOwnMapping(_ block: UnsafeMutableRawPointer) -> Bool {
        (block - MemoryLayout<Int>.size).load(as: Int.self) & 0x2 != 0
    }

    /// Many blocks, not one: the test process's heap may hold a free megabyte or two left by
    /// other tests, which glibc hands out before it asks for a mapping, but never 256 of them.
    /// The blocks are never written, so they cost address space, not memory.
    @Test func bigBlocksAfterABiggerOneFreedAreTheirOwnMappings() throws {
        let directory = try TemporaryDirectory()
        let bigger = try #require(malloc(4 << 20))
        free(bigger)
        _ = try ExplorerFiles.openBackend(path: directory.path("freed.sqlite"), options: .init(readOnly: false),
                                          create: .allowed)
        let blocks = (0..<256).compactMap { _ in malloc(1 << 20) }
        defer { blocks.forEach { free($0) } }
        let mapped = blocks.filter(Self.isOwnMapping).count
        #expect(blocks.count == 256)
        #expect(mapped >= 200, "\(mapped) of 256 blocks of 1 MB are mappings of their own")
    }
}
#endif
