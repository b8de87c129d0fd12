/// One command of the `:` line, with all its facts in one row of `LineCommand.allCases`: its
/// name and aliases, what it takes, what help says, whether read-only refuses it, and what it
/// does. The command line runs rows by name or alias, and help, docs/EXPLORER.md, the README
/// and the error for an unknown name all list them from the table, so a new `:` command is one
/// row and its handler.
package struct LineCommand: Sendable, Hashable, CustomStringConvertible {
    /// Its name (`open` for `:open`).
    package let rawValue: String
    /// Other names it answers to (`:q`, `:o`).
    package let aliases: [String]
    /// What it takes after its name (empty for nothing).
    package let arguments: String
    /// Whether it changes the data (refused when read-only).
    package let changesData: Bool
    private let summaryText: @Sendable (KeyMap) -> String
    /// Runs it with the text after its name; `force` is set for `:name!`.
    let action: @Sendable (inout Explorer, _ argument: String, _ force: Bool) -> Void

    init(_ name: String, aliases: [String] = [], arguments: String = "", changesData: Bool = false,
         summary: @escaping @Sendable (KeyMap) -> String,
         action: @escaping @Sendable (inout Explorer, _ argument: String, _ force: Bool) -> Void) {
        rawValue = name
        self.aliases = aliases
        self.arguments = arguments
        self.changesData = changesData
        summaryText = summary
        self.action = action
    }

    /// What it does, as help shows it, naming the user's keys.
    package func summary(keys: KeyMap) -> String { summaryText(keys) }

    /// `:name ARGS` as help shows it.
    package var usage: String { arguments.isEmpty ? ":\(rawValue)" : ":\(rawValue) \(arguments)" }

    package var description: String { ":\(rawValue)" }

    /// The command called `name` or one of its aliases.
    package init?(named name: String) {
        guard let command = Self.allCases.first(where: { $0.rawValue == name || $0.aliases.contains(name) }) else { return nil }
        self = command
    }

    /// Every command as `:name`, for messages: `:open, :watch, …`.
    package static var names: String { allCases.map { ":\($0.rawValue)" }.joined(separator: ", ") }

    package static func == (lhs: LineCommand, rhs: LineCommand) -> Bool { lhs.rawValue == rhs.rawValue }
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
