/// The user's own pager or editor (`$PAGER`, else `$EDITOR`), which the pager's `E` hands its
/// text to: the explorer steps out of the screen, the program shows a read-only file holding
/// the text, and the explorer comes back when it exits. Passed in through
/// `ExplorerEnvironment` (the command decides it from the environment), so tests use their own.
package struct ExternalViewer: Sendable {
    /// The command as the user set it (`less -R`), named in messages.
    package var command: String
    /// Shows `text` (titled `title`) and waits until the program exits; returns why it failed,
    /// or nil.
    package var show: @Sendable (_ title: String, _ text: String) -> String?

    package init(command: String, show: @escaping @Sendable (_ title: String, _ text: String) -> String?) {
        self.command = command
        self.show = show
    }
}

/// Text the pager asked to hand to the external viewer: the loop takes it after the turn,
/// suspends the screen (`Terminal.suspend`), runs the viewer and reports back
/// (`Explorer.finishedExternalView`).
package struct ViewRequest: Hashable, Sendable {
    package var title: String
    package var text: String
}
