/// Key bindings as data: the reducer looks commands up here and the help overlay is generated
/// from the same table, so help can never drift from behaviour.
public struct KeyMap: Hashable, Sendable {
    /// Bindings in help order; a later binding of the same key wins.
    public private(set) var bindings: [KeyBinding]
    private var byKey: [Key: Command]

    public init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
        byKey = [:]
        for binding in bindings { byKey[binding.key] = binding.command }
    }

    /// The command bound to `key`.
    public func command(for key: Key) -> Command? { byKey[key] }

    /// The first key bound to `command`, as help names it (`u`): messages and hints say the
    /// user's key, not the stock one.
    public func keyName(_ command: Command) -> String {
        bindings.first { $0.command == command }?.key.description ?? command.rawValue
    }

    /// Binds `key` to `command` (replacing what it did), keeping the table help shows in sync.
    public mutating func bind(_ key: Key, to command: Command, description: String? = nil) {
        let text = description ?? bindings.first { $0.command == command }?.description ?? command.rawValue
        bindings.removeAll { $0.key == key }
        bindings.append(KeyBinding(key, command, text))
        byKey[key] = command
    }

    /// Help rows: each command once, with all its keys (`j / Down`), in table order.
    public var helpRows: [(command: Command, keys: String, description: String)] {
        var order: [Command] = []
        var keys: [Command: [String]] = [:]
        var descriptions: [Command: String] = [:]
        for binding in bindings {
            if keys[binding.command] == nil { order.append(binding.command); descriptions[binding.command] = binding.description }
            keys[binding.command, default: []].append(binding.key.description)
        }
        return order.map { ($0, keys[$0]!.joined(separator: " / "), descriptions[$0]!) }
    }

    /// The help rows as a Markdown table, for the README (a test keeps it in sync).
    public var markdownTable: String {
        var lines = ["| keys | does |", "|---|---|"]
        for row in helpRows {
            let keys = row.keys.split(separator: " / ").map { "`\($0 == "|" ? "\\|" : String($0))`" }.joined(separator: " ")
            lines.append("| \(keys) | \(row.description) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The stock bindings (docs/EXPLORER.md lists them).
    public static let `default` = KeyMap([
        KeyBinding(.character("j"), .moveDown, "move down"), KeyBinding(.down, .moveDown, "move down"),
        KeyBinding(.character("k"), .moveUp, "move up"), KeyBinding(.up, .moveUp, "move up"),
        KeyBinding(.character("g"), .top, "go to top"), KeyBinding(.home, .top, "go to top"),
        KeyBinding(.character("G"), .bottom, "go to bottom"), KeyBinding(.end, .bottom, "go to bottom"),
        KeyBinding(.pageDown, .pageDown, "page down"), KeyBinding(.control("f"), .pageDown, "page down"),
        KeyBinding(.pageUp, .pageUp, "page up"), KeyBinding(.control("b"), .pageUp, "page up"),
        KeyBinding(.enter, .follow, "open record / follow reference / expand / open watch"),
        KeyBinding(.right, .follow, "open record / follow reference / expand / open watch"),
        KeyBinding(.backspace, .back, "back"), KeyBinding(.character("h"), .back, "back"),
        KeyBinding(.left, .back, "back"),
        KeyBinding(.character("l"), .forward, "forward"),
        KeyBinding(.tab, .nextPane, "next pane"),
        KeyBinding(.character("/"), .filter, "filter keys"),
        KeyBinding(.character("n"), .nextMatch, "next match"),
        KeyBinding(.character("N"), .previousMatch, "previous match"),
        KeyBinding(.character("e"), .edit, "edit field / edit watch"),
        KeyBinding(.character("d"), .delete, "delete record / remove watch"),
        KeyBinding(.character("D"), .deleteByPattern, "delete by pattern"),
        KeyBinding(.character("u"), .undo, "undo"),
        KeyBinding(.character("w"), .addWatch, "add watch"),
        KeyBinding(.character("f"), .refetch, "refetch watch"),
        KeyBinding(.character("q"), .queryConsole, "query console"),
        KeyBinding(.character("r"), .inbound, "inbound references"),
        KeyBinding(.character(":"), .commandLine, "command line"),
        KeyBinding(.character("?"), .help, "help"),
        KeyBinding(.escape, .cancel, "cancel reading / close / clear filter"),
        KeyBinding(.character("Q"), .quit, "quit"), KeyBinding(.control("c"), .quit, "quit"),
    ])
}
