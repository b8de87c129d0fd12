/// A terminal with no screen: events come from a script and the last grid drawn is kept, so
/// the same explorer loop runs in tests and the harness exactly as on a real terminal.
public final class HeadlessTerminal: Terminal {
    public private(set) var size: Size
    /// Actions still to deliver, in order.
    public private(set) var pending: [Action]
    /// The last grid drawn.
    public private(set) var lastGrid: Grid?
    /// How many frames were drawn.
    public private(set) var frameCount = 0

    public init(size: Size, actions: [Action] = []) {
        self.size = size
        pending = actions
    }

    /// Queues more actions; a `resized` action also changes `size`.
    public func enqueue(_ actions: [Action]) { pending.append(contentsOf: actions) }

    /// Queues key presses.
    public func type(_ keys: [Key]) { enqueue(keys.map(Action.keyPressed)) }

    /// Queues a paste, delivered whole as a bracketed paste is by a real terminal.
    public func paste(_ text: String) { enqueue([.pasted(text)]) }

    public func draw(_ grid: Grid, theme: Theme) {
        lastGrid = grid
        frameCount += 1
    }

    public func nextAction(timeoutMilliseconds: Int) -> Action? {
        guard !pending.isEmpty else { return nil }
        let action = pending.removeFirst()
        if case .resized(let newSize) = action { size = newSize }
        return action
    }

    /// The last screen as text.
    public var screen: String { lastGrid?.text ?? "" }
}
