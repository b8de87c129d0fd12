import GraphQLCache

/// Runs an explorer on a terminal: draw, wait for a key (with a timeout so that store changes
/// queued meanwhile are picked up), take a turn (`Explorer.turn`, the same turn `press` and
/// `settle` take without a terminal), repeat until quit.
package struct ExplorerLoop {
    /// The explorer driven (its state after `run`).
    package var explorer: Explorer
    let terminal: any Terminal
    /// Time since the loop started; read while waiting for keys to end flashes (tests inject one).
    let clock: @Sendable () -> Duration

    /// Milliseconds to wait for a key before polling for store changes.
    package static let pollMilliseconds = 100
    /// Milliseconds to wait for a key while a background poll runs: what it finds is applied
    /// within this of its end, not a whole poll interval later.
    static let pollFollowUpMilliseconds = 5

    /// A loop driving `explorer` on `terminal`, applying what its backend reports (through the
    /// explorer's inbox) between keys; `clock` (time since start) ends flashes and times
    /// progress while no key comes, tests inject one.
    package init(explorer: Explorer, terminal: any Terminal,
                clock: @escaping @Sendable () -> Duration = ExplorerLoop.elapsedTime()) {
        self.explorer = explorer
        self.terminal = terminal
        self.clock = clock
    }

    /// A clock reading the time elapsed since it was made (the default one).
    package static func elapsedTime() -> @Sendable () -> Duration {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }

    /// Runs until the user quits, or (`untilIdle`) until the terminal has nothing more to say.
    /// Other processes' commits are looked for every `pollMilliseconds`, keys or not, before
    /// the queued changes are applied, so that their change is drawn in the same frame.
    ///
    /// Nothing on this thread waits for another process's lock (`LockWaiting.forbidden`): a
    /// read it meets fails at once, the status line says the explorer is waiting, and what
    /// was refused is read again once the lock is gone; writes that must wait run as
    /// background work. Every key is answered meanwhile. The change-poll runs off this thread
    /// too (reading an app's commit of 100,000 rows held the keys for 1.6 s), except `untilIdle`
    /// (tests, the harness), which ends having applied what it found. It can: the screen's
    /// reads no longer take another process's new bytes as known before the poll compares
    /// them (`ExternalChangeTracker.sawRead`), which lost that commit.
    package mutating func run(untilIdle: Bool = false) {
        LockWaiting.$forbidden.withValue(true) { drive(untilIdle: untilIdle) }
    }

    private mutating func drive(untilIdle: Bool) {
        if terminal.size != explorer.state.size { explorer.send(.resized(terminal.size)) }
        terminal.draw(explorer.render(), theme: explorer.theme)
        var lastPoll = clock()
        var lookahead: Action?
        while !explorer.isFinished {
            let wait = explorer.backend.pollInFlight ? Self.pollFollowUpMilliseconds : Self.pollMilliseconds
            let action = lookahead ?? terminal.nextAction(timeoutMilliseconds: wait)
            lookahead = nil
            let poll = clock() - lastPoll >= .milliseconds(Self.pollMilliseconds)
                || (action == nil && wait == Self.pollMilliseconds)
            if poll { lastPoll = clock() }
            let flashing = explorer.state.flashing
            // Reads refused meanwhile are made again at this turn's tick: its frame shows them.
            let busy = explorer.showsProgress || explorer.state.lockWait != nil || explorer.state.lockedOutReads
            let input = action.map { action in typedRun(from: action, lookahead: &lookahead).map(Explorer.Input.typed) ?? .action(action) }
            let applied = explorer.turn(input, pollingExternalChanges: poll, inBackground: !untilIdle)
            runExternalViewer()
            if let text = explorer.takePendingCopy() { terminal.copyToClipboard(text) }
            explorer.send(.tick(clock()))
            // While background work shows progress, every poll redraws (its time moves on).
            if action == nil && applied.isEmpty && explorer.state.flashing == flashing && !busy && !explorer.showsProgress
                && explorer.state.lockWait == nil {
                if untilIdle || terminal.isClosed { return }
                continue
            }
            terminal.draw(explorer.render(), theme: explorer.theme)
        }
    }

    /// The pager's `E`: the screen is handed to `$PAGER`/`$EDITOR` until it exits, then the
    /// explorer hears how it went.
    private mutating func runExternalViewer() {
        guard let request = explorer.viewRequest else { return }
        guard let viewer = explorer.environment.viewer else {
            explorer.finishedExternalView(error: nil)
            return
        }
        var failure: String?
        terminal.suspend { failure = viewer.show(request.title, request.text) }
        explorer.finishedExternalView(error: failure)
        if terminal.size != explorer.state.size { explorer.send(.resized(terminal.size)) }
    }

    /// Characters typed into a line input that are already waiting behind `action`, taken
    /// together (the first other event is kept in `lookahead`): typing fast into the filter
    /// filters once for the keys that came in meanwhile, not once per key. Nil when `action`
    /// is not such a character or none follows it.
    private func typedRun(from action: Action, lookahead: inout Action?) -> String? {
        guard explorer.state.readsText, case .keyPressed(.character(let first)) = action else { return nil }
        var text = String(first)
        while let next = terminal.nextAction(timeoutMilliseconds: 0) {
            guard case .keyPressed(.character(let character)) = next else {
                lookahead = next
                break
            }
            text.append(character)
        }
        return text.count > 1 ? text : nil
    }

    /// Merges a burst of store changes into one refresh (external if any of them was). A lone
    /// change keeps the count of records it came with; merged ones are counted when shown.
    static func coalesce(_ actions: [Action]) -> [Action] {
        var merged: CacheChange?
        var records: Int?
        var others: [Action] = []
        for action in actions {
            guard case let .storeDidChange(change, counted) = action else {
                if !others.contains(action) { others.append(action) }
                continue
            }
            guard var sum = merged else { (merged, records) = (change, counted); continue }
            records = nil
            sum.changedFields.formUnion(change.changedFieldKeys)
            sum.removedRecords.formUnion(change.removedRecords)
            sum.removedFields.formUnion(change.removedFieldKeys)
            if change.isExternal { sum.origin = .external } else if !sum.isExternal { sum.origin = nil }
            merged = sum
        }
        return (merged.map { [Action.storeDidChange($0, records: records)] } ?? []) + others
    }
}
