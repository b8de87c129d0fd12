/// One key of a key map and the command it runs. What the command is called, what help says and
/// what it does live in its `Binding` row; a `--keys` file changes only which keys run it.
package struct KeyBinding: Hashable, Sendable {
    /// The key pressed.
    package let key: Key
    /// What it runs.
    package let command: Command

    package init(_ key: Key, _ command: Command) {
        self.key = key
        self.command = command
    }
}
