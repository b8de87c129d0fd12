@testable import CacheBench
import CacheTestSupport
import Testing

/// The explorer's watch patch figure runs briefly in a debug build (2,000 items), so that a
/// change that breaks it (an edit that no longer reaches the watch's lines) is caught before
/// the lead's release run.
@Suite struct ExplorerWatchPatchBenchmarkTests {
    @Test func theWatchPatchFigureRunsBesideTheFullReRead() throws {
        let directory = try TemporaryDirectory()
        let context = BenchmarkContext(scale: .small, scratchDirectory: directory.url.path, executablePath: "", progress: { _ in })
        let figures = try ExplorerWatchPatchBenchmark.figures(context, items: 2_000)
        #expect(figures.map(\.name) == ["explorer watch patch after one edit, 2000-item watch",
                                        "explorer watch full re-read, 2000-item watch (what a patch replaces)"])
        #expect(figures.allSatisfy { $0.median > 0 })
    }
}
