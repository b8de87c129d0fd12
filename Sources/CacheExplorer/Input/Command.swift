/// What a key can be bound to: the names `--keys` files use. Handlers switch over these, never
/// over literal keys, so a user can rebind any of them. Each has one row in `GlobalKeys.table`
/// (its stock keys, hint word, description and action); a pane's table may override it there.
package enum Command: String, CaseIterable, Hashable, Sendable {
    case moveDown, moveUp, top, bottom, pageDown, pageUp
    case follow, back, forward, nextPane
    case filter, nextMatch, previousMatch, sort
    case edit, delete, deleteByPattern, undo, refetch
    case addWatch, queryConsole, inbound, watchesReading, commandLine, help, quit, cancel
    case repull
}
