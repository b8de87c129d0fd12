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
        _ = glibcMallopt(glibcMmapThreshold, 1 << 20)
        _ = glibcMallopt(glibcTrimThreshold, 4 << 20)
        #endif
    }()
}

#if canImport(Glibc)
// `malloc.h`, which the Glibc module does not export: `int mallopt(int param, int value)`.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let glibcTrimThreshold: Int32 = -1   // M_TRIM_THRESHOLD
private let glibcMmapThreshold: Int32 = -3   // M_MMAP_THRESHOLD
#endif
