@testable import CacheBench
import CacheTestSupport
import Testing

/// The "frozen" figures run briefly in a debug build (2,000 items, one run), so that a change
/// that breaks them is caught before the lead's release run.
@Suite struct LongWorkBenchmarkTests {
    @Test func theFrozenFiguresRunAndNameWhatTheyMeasure() throws {
        let directory = try TemporaryDirectory()
        let context = BenchmarkContext(scale: .small, scratchDirectory: directory.url.path, executablePath: "", progress: { _ in })
        let figures = try LongWorkBenchmarks.figures(context, items: 2_000, runs: 1)
        let names = figures.map(\.name)
        for expected in ["explorer key while another process holds the lock, slowest to handle",
                         "explorer key while another process holds the lock, slowest frame",
                         "explorer delete 2000 records", "explorer undo delete 2000 records",
                         "explorer key while 2000 records are deleted and restored, slowest to handle",
                         "explorer key during a console query over 2000 items, slowest frame",
                         "explorer console query over 2000 items, spinner shown",
                         "explorer Esc during a console query over 2000 items"] {
            #expect(names.contains(expected), "\(expected) is missing from \(names)")
        }
        #expect(figures.allSatisfy { $0.median > 0 })
    }
}
