/// One key command with all its facts in one record, as lazygit's `types.Binding`: which key
/// triggers it, the word the hint line shows, what help says, where it ranks in the hint line,
/// when it is off and why, and what it does. Each pane, the global keys and each overlay keep a
/// table of these (`GlobalKeys`, `RecordsKeys`, `RecordKeys`, `WatchesKeys`, `ConsoleKeys`,
/// `OverlayKeys`); the reducer, help, the hint line, the README's key table and the messages
/// that name a key are all read from them, so adding a key command is one `Command` case, one
/// row and its handler.
package struct Binding: Sendable {
    /// The key, as the user's key map names it (or, in dialogs, a key the dialog reads itself).
    package var key: BindingKey
    /// The word the hint line shows after the key (`d delete`).
    package var label: String
    /// What help and the README say it does.
    package var description: String
    /// Where it stands in the hint line when the line is short (0 stays longest); nil: not hinted.
    package var hintRank: Int?
    /// The keys a stock key map gives the command (`KeyMap.default`); `--keys` files replace them.
    package var stockKeys: [Key]
    /// Why it cannot run in a state (read-only, nothing selected), or nil when it can; the
    /// reducer refuses it with this reason and help and hints grey it out.
    package var disabledReason: @Sendable (ExplorerState) -> DisabledReason?
    /// What it does; nil for a row a dialog's own key handling reads (shown, not dispatched).
    package var action: (@Sendable (inout Explorer) -> Void)?

    /// A row for `command`, with its stock keys.
    package init(_ command: Command, keys stockKeys: [Key] = [], label: String, description: String = "",
                 hint hintRank: Int? = nil, disabled: @escaping @Sendable (ExplorerState) -> DisabledReason? = { _ in nil },
                 action: (@Sendable (inout Explorer) -> Void)?) {
        self.key = .command(command)
        self.label = label
        self.description = description
        self.hintRank = hintRank
        self.stockKeys = stockKeys
        self.disabledReason = disabled
        self.action = action
    }

    /// A hint-only row for a key a dialog reads itself (`Enter save`, `any other key closes`).
    package init(_ key: BindingKey, label: String, description: String = "", hint hintRank: Int) {
        self.key = key
        self.label = label
        self.description = description
        self.hintRank = hintRank
        self.stockKeys = []
        self.disabledReason = { _ in nil }
        self.action = nil
    }

    /// The command the row runs, when it is a command row.
    package var command: Command? {
        switch key {
        case .command(let command), .whileTyping(let command): return command
        case .pair, .fixed: return nil
        }
    }

    /// The same row named by a key that works while a line input has the keyboard (`C-y` copy
    /// in the query console, where `y` is typed).
    package func whileTyping() -> Binding {
        var copy = self
        if let command { copy.key = .whileTyping(command) }
        return copy
    }

    /// The same row ranked `rank` in a pane's hint line (a global command a pane hints).
    package func hinted(_ rank: Int) -> Binding {
        var copy = self
        copy.hintRank = rank
        return copy
    }

    /// The same row with another hint word, and what it does there (Esc `back` in an open watch).
    package func labelled(_ label: String, _ description: String) -> Binding {
        var copy = self
        copy.label = label
        copy.description = description
        return copy
    }
}

/// How a binding's key is named: through the user's key map, or as a dialog's fixed key.
package enum BindingKey: Hashable, Sendable {
    /// The key (first) bound to the command.
    case command(Command)
    /// Two commands' keys shown as one (`j/k scroll`).
    case pair(Command, Command)
    /// A key the dialog reads itself, named as shown (`Enter`, `y`, `any other key`).
    case fixed(String)
    /// The first key bound to the command that is no typed character (`C-y`, not `y`): in the
    /// query console, characters are text.
    case whileTyping(Command)

    /// The key's name under `keyMap`: the user's key, never a stock one.
    package func name(in keyMap: KeyMap) -> String {
        switch self {
        case .command(let command): return keyMap.keyName(command)
        case .pair(let first, let second): return "\(keyMap.keyName(first))/\(keyMap.keyName(second))"
        case .fixed(let text): return text
        case .whileTyping(let command): return keyMap.typingKeyName(command)
        }
    }
}
