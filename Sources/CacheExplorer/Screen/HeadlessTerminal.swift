/// A terminal with no screen: events come from a script and the last grid drawn is kept, so
/// the same explorer loop runs in tests and the harness exactly as on a real terminal.
package final class HeadlessTerminal: Terminal {
    package private(set) var size: Size
    /// Actions still to deliver, in order.
    package private(set) var pending: [Action]
    /// The last grid drawn.
    package private(set) var lastGrid: Grid?
    /// How many frames were drawn.
    package private(set) var frameCount = 0

    /// The clipboard escapes written, oldest first (what a real terminal would have been sent).
    package private(set) var clipboardWrites: [String] = []

    package init(size: Size, actions: [Action] = []) {
        self.size = size
        pending = actions
    }

    /// Queues more actions; a `resized` action also changes `size`.
    package func enqueue(_ actions: [Action]) { pending.append(contentsOf: actions) }

    /// Queues key presses.
    package func type(_ keys: [Key]) { enqueue(keys.map(Action.keyPressed)) }

    /// Queues a paste, delivered whole as a bracketed paste is by a real terminal.
    package func paste(_ text: String) { enqueue([.pasted(text)]) }

    package func draw(_ grid: Grid, theme: Theme) {
        lastGrid = grid
        frameCount += 1
    }

    package func copyToClipboard(_ text: String) {
        clipboardWrites.append(ClipboardEscape.sequence(for: text))
    }

    package func nextAction(timeoutMilliseconds: Int) -> Action? {
        guard !pending.isEmpty else { return nil }
        let action = pending.removeFirst()
        if case .resized(let newSize) = action { size = newSize }
        return action
    }

    /// The last screen as text.
    package var screen: String { lastGrid?.text ?? "" }
}
