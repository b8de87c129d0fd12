import Dispatch

/// Work on pages a scan hands over, done on a second thread in the order handed over while the
/// scanning thread reads the next page from SQLite: what a page needs of the file is copied
/// out (`Page`), so the work needs nothing of the connection.
///
/// Why: `cachelens stats` spent half its time checking each row's text, which overlaps the
/// reading of the next rows instead of following it. At most `inFlight` pages wait or are
/// being worked on, so memory stays a few pages however big the file; with no free core the
/// scan costs about what it would on one thread plus the copy.
final class SecondCoreStage<Page: Sendable>: Sendable {
    private let queue = DispatchQueue(label: "CacheLens.SecondCoreStage", qos: .userInitiated)
    private let room: DispatchSemaphore
    private let work: @Sendable (Page) -> Void

    /// A stage running `work` on each page handed over, one page at a time, in order.
    init(inFlight: Int = 2, _ work: @escaping @Sendable (Page) -> Void) {
        room = DispatchSemaphore(value: inFlight)
        self.work = work
    }

    /// Hands `page` over, waiting while `inFlight` pages are ahead of it.
    func submit(_ page: Page) {
        room.wait()
        queue.async { [self] in
            work(page)
            room.signal()
        }
    }

    /// Waits until every page handed over is done: call before reading what the work gathered,
    /// and before leaving the scan, even when it fails.
    func finish() {
        queue.sync {}
    }
}
