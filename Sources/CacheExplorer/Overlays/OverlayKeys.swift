/// What the hint line offers while an overlay or dialog has the keyboard. Help, inbound
/// references and lint read the user's keys (`keyMap.command(for:)` in their handlers); the
/// dialogs read their own fixed keys (Enter, Tab, Esc, `y`), shown here as they are.
package enum OverlayKeys {
    /// The rows for `mode`, or nil in normal mode (the panes' tables answer then).
    package static func table(for mode: Mode) -> [Binding]? {
        switch mode {
        case .help: return help
        case .edit: return edit
        case .confirm(.quit): return confirmQuit
        case .confirm: return confirmDelete
        case .editWatch: return editWatch
        case .inbound, .lint, .caches, .readers: return list
        case .normal, .filter, .command, .deletePattern, .watchInput: return nil
        }
    }

    static let help = [
        Binding(.pair(.moveDown, .moveUp), label: "scroll", hint: 0), Binding(.fixed("any other key"), label: "closes", hint: 1),
    ]
    static let edit = [
        Binding(.fixed("Enter"), label: "save", hint: 0), Binding(.fixed("Tab"), label: "kind", hint: 2),
        Binding(.fixed("Esc"), label: "cancel", hint: 1),
    ]
    static let confirmQuit = [
        Binding(.fixed("y"), label: "quit anyway", hint: 0), Binding(.fixed("any other key"), label: "stays", hint: 1),
    ]
    static let confirmDelete = [
        Binding(.fixed("y"), label: "delete", hint: 0), Binding(.fixed("any other key"), label: "cancels", hint: 1),
    ]
    static let editWatch = [
        Binding(.fixed("Enter"), label: "save", hint: 0), Binding(.fixed("Tab"), label: "document/variables", hint: 2),
        Binding(.fixed("Esc"), label: "cancel", hint: 1),
    ]
    /// Inbound references, lint findings and a field's watches: lists whose rows open something.
    static let list = [
        Binding(.command(.follow), label: "open", hint: 0), Binding(.pair(.moveDown, .moveUp), label: "move", hint: 1),
        Binding(.fixed("any other key"), label: "closes", hint: 2),
    ]
}
