#if canImport(Glibc)
import Glibc
#endif

/// Keeps the memory of one frame's grid for the next. Each frame is a new grid (a 120x40 screen
/// is 115 KB); glibc gave a freed grid back to the system at once (the heap's free top passed
/// its 128 KB trim line, or a grid that size was mapped alone), so every frame was fresh pages,
/// faulted in and zeroed by the kernel: 45 % of a frame while a watch read. Heap blocks up to
/// 1 MB and a free top up to 4 MB now stay with the process (at most 4 MB more resident).
/// Other allocators keep such blocks already.
enum FrameMemory {
    /// Sets the process's allocator to keep frame-sized blocks; once per process.
    static func keepFramesInTheHeap() {
        _ = kept
    }

    private static let kept: Void = {
        #if canImport(Glibc)
        // `mallopt` is declared in `malloc.h`, which the Glibc module does not export: it is
        // looked up by name and called with C's calling convention.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3   // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 1 << 20)
        _ = mallopt(trimThreshold, 4 << 20)
        #endif
    }()
}
