import Synchronization

/// How far a long scan of a cache's rows got, and a way to stop it, for a caller that runs the
/// scan on a thread of its own: on ten million records the explorer's `:lint`, `:gc` and
/// `:sizes` read for seconds, and say how far they got while the keys stay answered.
///
/// The scan runs inside `observing(_:)`; every page of rows a cache reads meanwhile, on that
/// thread, reports the share of the rows read so far (`report`, from 0 to 1, each time it
/// moves a whole percent on; a scan made of several passes starts again from 0 at each), and
/// once `stop()` was called the next page throws `CancellationError` instead. A page is the
/// unit: a stopped scan ends within one.
///
/// Why bound around the scan rather than passed to it: every scan (statistics, lint, garbage
/// collection's references, each record decoded) reads its rows through the same page reader,
/// below several layers (`CacheLint`, reachability) that have no reason to know of it, as a
/// task's cancellation reaches `Task.checkCancellation()` wherever it is called.
public final class ScanProgress: Sendable {
    @TaskLocal static var current: ScanProgress?

    private let report: @Sendable (Double) -> Void
    private let stopped = Atomic<Bool>(false)
    /// The whole percent last reported: a share is reported only when it moves one on.
    private let reportedPercent = Atomic<Int>(-1)
    /// The lowest and highest row ids, asked once, for the share of a page's last row id.
    private let rowIDs = Mutex<(lowest: Int64, highest: Int64)?>(nil)

    /// A progress calling `report` (on the scanning thread) with the share read after each page.
    public init(report: @escaping @Sendable (Double) -> Void) {
        self.report = report
    }

    /// Runs `scan` (on this thread) with this progress reporting its pages.
    public func observing<T>(_ scan: () throws -> T) throws -> T {
        try Self.$current.withValue(self, operation: scan)
    }

    /// Makes the scan throw `CancellationError` at its next page.
    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Whether `stop()` was called.
    public var isStopped: Bool { stopped.load(ordering: .relaxed) }

    /// For caches that read rows by row id: a page was read up to row `rowID`. Reports the share
    /// of the ids from the lowest to the highest (asked of `rowIDRange` once per progress), or
    /// throws `CancellationError` when the scan was stopped. Nothing when no scan is observed.
    package static func pageRead(through rowID: Int64, rowIDRange: () throws -> (lowest: Int64, highest: Int64)) throws {
        guard let progress = current else { return }
        if progress.isStopped { throw CancellationError() }
        let range = try progress.rowIDs.withLock { known throws -> (lowest: Int64, highest: Int64) in
            if let known { return known }
            let asked = try rowIDRange()
            known = asked
            return asked
        }
        let span = Double(range.highest) - Double(range.lowest)
        progress.reportIfMoved(span <= 0 ? 1 : min(1, max(0, (Double(rowID) - Double(range.lowest)) / span)))
    }

    /// For caches that visit records in memory: `read` of `total` were visited. Reports the
    /// share, or throws `CancellationError` when the scan was stopped.
    package static func rowsRead(_ read: Int, of total: Int) throws {
        guard let progress = current else { return }
        if progress.isStopped { throw CancellationError() }
        progress.reportIfMoved(total <= 0 ? 1 : min(1, Double(read) / Double(total)))
    }

    /// Reports `share` when its whole percent differs from the last reported (a scan of ten
    /// million rows reads thousands of pages: the UI hears of about a hundred).
    private func reportIfMoved(_ share: Double) {
        let percent = Int(share * 100)
        guard reportedPercent.exchange(percent, ordering: .relaxed) != percent else { return }
        report(share)
    }
}
