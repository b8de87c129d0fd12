#if canImport(Glibc)
import CacheTestSupport
import Glibc
import Testing
@testable import CacheLensCLI

/// The explorer's process gives large freed blocks back to the system: once a cache is opened
/// as `cachelens explore` opens it, a block of a megabyte is its own mapping even after a larger
/// one was freed (glibc would otherwise raise its threshold to the freed block's size and serve
/// the next big buffers from a heap that stays resident).
@Suite struct FreedMemoryTests {
    /// glibc marks a chunk served by its own mapping with bit 2 of the size word before it.
    private static func isOwnMapping(_ block: UnsafeMutableRawPointer) -> Bool {
        (block - MemoryLayout<Int>.size).load(as: Int.self) & 0x2 != 0
    }

    @Test func aBigBlockAfterABiggerOneFreedIsItsOwnMapping() throws {
        let directory = try TemporaryDirectory()
        _ = try ExplorerFiles.openBackend(path: directory.path("freed.sqlite"), options: .init(readOnly: false),
                                          create: .allowed)
        let bigger = try #require(malloc(4 << 20))
        free(bigger)
        let big = try #require(malloc(1 << 20))
        defer { free(big) }
        #expect(Self.isOwnMapping(big))
    }
}
#endif
