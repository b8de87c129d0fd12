@testable import CacheBench
import CacheTestSupport
import Foundation
import Testing

/// `--scale huge` is its own run: its figures come only at that scale, each beside a raw floor
/// with a budget, and they measure what they name (run here on a small file; the 10,000,000
/// records are the bench's, never CI's).
@Suite struct HugeBenchmarkTests {
    @Test func theHugeFiguresRunBesideTheirFloorsOnASmallFile() throws {
        let directory = try TemporaryDirectory()
        let context = BenchmarkContext(scale: .small, scratchDirectory: directory.url.path, executablePath: "", progress: { _ in })
        let figures = try HugeBenchmarks.run(items: 2_000, pageItems: 300, context: context)
        let names = figures.map(\.name)
        for part in [":find", "stats over 2000 items", "lint over 2000 items", "diff two 2000-record files",
                     "watch first result, 300 of the items", "delete by pattern, 1111 of 2000 items"] {
            #expect(names.contains { $0.contains(part) }, "no figure names \(part): \(names)")
        }
        for figure in figures {
            #expect(figure.floor != nil && figure.budget != nil, "\(figure.name) has no floor or budget")
        }
    }

    @Test func onlyTheHugeScaleRunsTheHugeGroup() throws {
        let directory = try TemporaryDirectory()
        let context = BenchmarkContext(scale: .small, scratchDirectory: directory.url.path, executablePath: "", progress: { _ in })
        var emitted: [BenchmarkFigure] = []
        try BenchmarkSuite.run(context: context, filter: "huge") { emitted += $0 }
        #expect(emitted.isEmpty)
        #expect(BenchmarkScale.huge.explorerRecords == 10_000_000 && BenchmarkScale.huge.warmup == 0)
    }
}
