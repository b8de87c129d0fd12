/// Why a command cannot run now: the reducer refuses it with `message`, help greys it out and
/// names `label`.
package enum DisabledReason: Hashable, Sendable {
    /// The data was opened with `--read-only`.
    case readOnly
    /// `u` with nothing done.
    case nothingToUndo
    /// `C-r` with nothing undone (or a change made since).
    case nothingToRedo
    /// A policy key outside the console and the watches pane.
    case noPolicyHere
    /// No list row and no record shown.
    case nothingSelected
    /// No record shown to edit.
    case noRecord
    /// `f` (or `e`/`d` on the watches) with no watch.
    case noWatch

    /// What the status line says when the command is tried, naming the user's keys.
    package func message(keys: KeyMap) -> String {
        switch self {
        case .readOnly: return ExplorerError.readOnly.description
        case .nothingToUndo: return "nothing to undo"
        case .nothingToRedo: return "nothing to redo: \(keys.keyName(.undo)) takes a change back, then \(keys.keyName(.redo)) makes it again"
        case .nothingSelected: return "nothing selected"
        case .noPolicyHere: return "a cache policy belongs to the query console (\(keys.keyName(.queryConsole))) or a watch (\(keys.keyName(.nextPane)) to the watches)"
        case .noRecord: return "no record to edit"
        case .noWatch: return Self.noWatchMessage(keys)
        }
    }

    /// `no watches: w adds one`, with the user's key for adding one.
    package static func noWatchMessage(_ keys: KeyMap) -> String {
        "no watches: \(keys.keyName(.addWatch)) adds one"
    }

    /// A word or two for help, after the greyed command.
    package var label: String {
        switch self {
        case .readOnly: return "read-only"
        case .nothingToUndo: return "nothing to undo"
        case .nothingToRedo: return "nothing to redo"
        case .nothingSelected: return "nothing selected"
        case .noPolicyHere: return "console or watch only"
        case .noRecord: return "no record"
        case .noWatch: return "no watch"
        }
    }
}
