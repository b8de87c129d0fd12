/// One key binding: the key, the command it runs and the description help shows.
public struct KeyBinding: Hashable, Sendable {
    /// The key pressed.
    public let key: Key
    /// What it does.
    public let command: Command
    /// What help says it does.
    public let description: String

    public init(_ key: Key, _ command: Command, _ description: String) {
        self.key = key
        self.command = command
        self.description = description
    }
}
