/// Why a command cannot run now: the reducer refuses it with `message`, help greys it out and
/// names `label`.
package enum DisabledReason: Hashable, Sendable {
    /// The data was opened with `--read-only`.
    case readOnly
    /// `u` with nothing done.
    case nothingToUndo
    /// No list row and no record shown.
    case nothingSelected
    /// No record shown to edit.
    case noRecord
    /// `f` (or `e`/`d` on the watches) with no watch.
    case noWatch
    /// `R` on a file that is read live rather than pulled off a device.
    case notPulled
    /// `W` with no field selected in the record pane.
    case noField

    /// What the status line says when the command is tried, naming the user's keys.
    package func message(keys: KeyMap) -> String {
        switch self {
        case .readOnly: return ExplorerError.readOnly.description
        case .nothingToUndo: return "nothing to undo"
        case .nothingSelected: return "nothing selected"
        case .noRecord: return "no record to edit"
        case .noWatch: return Self.noWatchMessage(keys)
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
        case .nothingSelected: return "nothing selected"
        case .noRecord: return "no record"
        case .noWatch: return "no watch"
        case .notPulled: return "not a pulled copy"
        case .noField: return "no field"
        }
    }
}
