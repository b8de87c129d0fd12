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
    /// No write log over this data (a read-only view, or too many records to keep a copy of).
    case noWriteLog
    /// `R` on a file that is read live rather than pulled off a device.
    case notPulled
    /// `W` with no field selected in the record pane.
    case noField

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
        case .noWriteLog: return "no write log here"
        case .notPulled: return "this cache is read live; only a copy pulled off an Android device is pulled again"
        case .noField: return "no field selected: \(keys.keyName(.follow)) opens a record"
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
        case .noWriteLog: return "no log"
        case .notPulled: return "not a pulled copy"
        case .noField: return "no field"
        }
    }
}
