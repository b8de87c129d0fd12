import GraphQLCache

/// Runs an explorer on a terminal: draw, wait for a key (with a timeout so that store changes
/// queued meanwhile are picked up), apply, repeat until quit.
public struct ExplorerLoop {
    /// The explorer driven (its state after `run`).
    public var explorer: Explorer
    let terminal: any Terminal
    let changes: ChangeQueue
    /// Time since the loop started; read while waiting for keys to end flashes (tests inject one).
    let clock: @Sendable () -> Duration
    /// The backend whose changes reach `changes` (`:open` replaces the backend).
    private var listened: ObjectIdentifier

    /// Milliseconds to wait for a key before polling for store changes.
    public static let pollMilliseconds = 100

    /// A loop driving `explorer` on `terminal`, listening to its backend's changes through
    /// `changes`; `clock` (time since start) ends flashes while no key comes, tests inject one.
    public init(explorer: Explorer, terminal: any Terminal, changes: ChangeQueue = ChangeQueue(),
                clock: @escaping @Sendable () -> Duration = ExplorerLoop.elapsedTime()) {
        self.explorer = explorer
        self.terminal = terminal
        self.changes = changes
        self.clock = clock
        listened = ObjectIdentifier(explorer.backend)
        Self.listen(to: explorer.backend, into: changes)
    }

    /// A clock reading the time elapsed since it was made (the default one).
    public static func elapsedTime() -> @Sendable () -> Duration {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }

    private static func listen(to backend: any ExplorerBackend, into queue: ChangeQueue) {
        backend.onChange { queue.post($0) }
    }

    /// Runs until the user quits, or (`untilIdle`) until the terminal has nothing more to say.
    public mutating func run(untilIdle: Bool = false) {
        if terminal.size != explorer.state.size { explorer.send(.resized(terminal.size)) }
        terminal.draw(explorer.render(), theme: explorer.theme)
        while !explorer.isFinished {
            let action = terminal.nextAction(timeoutMilliseconds: Self.pollMilliseconds)
            var queued = coalesce(changes.drain())
            if action == nil, explorer.backend.hasExternalChanges() { queued.append(.storeDidChange([])) }
            let flashing = explorer.state.flashing
            for change in queued { explorer.send(change) }
            if let action { explorer.send(action) }
            explorer.send(.tick(clock()))
            if action == nil && queued.isEmpty && explorer.state.flashing == flashing {
                if untilIdle || terminal.isClosed { return }
                continue
            }
            if ObjectIdentifier(explorer.backend) != listened {
                listened = ObjectIdentifier(explorer.backend)
                Self.listen(to: explorer.backend, into: changes)
            }
            terminal.draw(explorer.render(), theme: explorer.theme)
        }
    }

    /// Merges a burst of store changes into one refresh.
    private func coalesce(_ actions: [Action]) -> [Action] {
        var fields = Set<FieldKey>()
        var others: [Action] = []
        for action in actions {
            if case .storeDidChange(let keys) = action { fields.formUnion(keys) } else if !others.contains(action) { others.append(action) }
        }
        return (actions.contains { if case .storeDidChange = $0 { return true } else { return false } } ? [.storeDidChange(fields)] : []) + others
    }
}
