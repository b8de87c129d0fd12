/// A place the explorer runs: it reports events as actions and draws grids. `NcursesTerminal`
/// is a real screen; `HeadlessTerminal` is scripted, for tests, the harness and benchmarks.
package protocol Terminal: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Draws a whole screen, coloured by `theme`.
    func draw(_ grid: Grid, theme: Theme)
    /// The next event, waiting at most `timeoutMilliseconds`; nil when none came.
    func nextAction(timeoutMilliseconds: Int) -> Action?
    /// Puts `text` on the clipboard of the terminal the user sits at (`ClipboardEscape`: OSC 52,
    /// which reaches it over ssh and through tmux).
    func copyToClipboard(_ text: String)
    /// Whether the terminal is gone (hung up); the loop then stops.
    var isClosed: Bool { get }
    /// Gives the screen to another program while `body` runs (the pager's `E` runs `$PAGER`),
    /// then takes it back; the loop draws the next frame whole.
    func suspend(_ body: () -> Void)
}

extension Terminal {
    package var isClosed: Bool { false }
    /// A terminal that is not a screen (tests, the harness) just runs `body`.
    package func suspend(_ body: () -> Void) { body() }
}
