/// Which key runs which command: the reducer looks keys up here, and every place that names a
/// key (help, hints, messages) asks `keyName`, so a rebound key is named as the user bound it.
/// The stock keys are the `stockKeys` of the global binding table.
package struct KeyMap: Hashable, Sendable {
    /// The keys in table order; a later binding of the same key wins.
    package private(set) var bindings: [KeyBinding]
    private var byKey: [Key: Command]

    package init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
        byKey = [:]
        for binding in bindings { byKey[binding.key] = binding.command }
    }

    /// The command bound to `key`.
    package func command(for key: Key) -> Command? { byKey[key] }

    /// The first key bound to `command`, as help names it (`u`): messages and hints say the
    /// user's key, not the stock one.
    package func keyName(_ command: Command) -> String {
        bindings.first { $0.command == command }?.key.description ?? command.rawValue
    }

    /// How to reach `command` from the query console, which does not take it: the key that
    /// leaves the console first (`Esc, then u`).
    package func keyNameAfterLeavingTheConsole(_ command: Command) -> String {
        "\(keyName(.cancel)), then \(keyName(command))"
    }

    /// The first key bound to `command` that a line input does not take as text (`C-y`), for
    /// the query console; the first key when every key is a character.
    package func typingKeyName(_ command: Command) -> String {
        let keys = keys(of: command)
        let usable = keys.first { if case .character = $0 { return false } else { return true } }
        return (usable ?? keys.first)?.description ?? command.rawValue
    }

    /// Every key bound to `command`, in table order.
    package func keys(of command: Command) -> [Key] {
        bindings.filter { $0.command == command }.map(\.key)
    }

    /// Binds `key` to `command` (replacing what it did).
    package mutating func bind(_ key: Key, to command: Command) {
        bindings.removeAll { $0.key == key }
        bindings.append(KeyBinding(key, command))
        byKey[key] = command
    }

    /// Removes every key of `command`.
    mutating func unbindAll(_ command: Command) {
        self = KeyMap(bindings.filter { $0.command != command })
    }

    /// The stock keys: each global row's `stockKeys`, in the table's order.
    package static let `default` = KeyMap(stockBindings())

    /// Written as a loop: Swift 6.3's optimizer crashes (CopyPropagation, "Found outside of
    /// lifetime use") on the `flatMap`/`map` closure form of this in a release build.
    private static func stockBindings() -> [KeyBinding] {
        var bindings: [KeyBinding] = []
        for row in GlobalKeys.table {
            guard let command = row.command else { continue }
            for key in row.stockKeys { bindings.append(KeyBinding(key, command)) }
        }
        return bindings
    }
}
