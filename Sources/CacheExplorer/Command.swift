/// What a key can be bound to. Handlers switch over these, never over literal keys, so a user
/// can rebind any of them.
public enum Command: String, CaseIterable, Hashable, Sendable {
    case moveDown, moveUp, top, bottom, pageDown, pageUp
    case follow, back, forward, nextPane
    case filter, nextMatch, previousMatch
    case edit, delete, deleteByPattern, undo
    case addWatch, queryConsole, inbound, commandLine, help, quit, cancel
}
