#if canImport(Glibc)
import Glibc
#endif

/// Has glibc give large freed blocks back to the system at once, in the explorer's process.
///
/// Why: glibc serves a block of 128 KB or more from a mapping of its own, unmapped when freed,
/// but then raises that threshold to the freed block's size (up to 32 MB). After the first big
/// read, the buffers of the next ones (a 100,000-item list's values, a table's growth) come
/// from the heap of whichever thread reads them, and stay resident once freed: a watch over
/// 100,000 items peaked at 137 MB, 111 MB with the threshold fixed. A fixed threshold costs a
/// mapping per large buffer, which a read of that size does not notice.
enum FreedMemory {
    /// Fixes glibc's threshold at its default, 128 KB (nothing where the C library is not
    /// glibc). Called again, it changes nothing.
    static func returnLargeBlocks() {
        #if canImport(Glibc)
        // `mallopt` is in glibc's malloc.h, which the Glibc module does not export.
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 * 1024)
        #endif
    }

    /// glibc's `M_MMAP_THRESHOLD`.
    private static let mmapThreshold: Int32 = -3
}
