/// What a key can be bound to. Handlers switch over these, never over literal keys, so a user
/// can rebind any of them.
public enum Command: String, CaseIterable, Hashable, Sendable {
    case moveDown, moveUp, top, bottom, pageDown, pageUp
    case follow, back, forward, nextPane
    case filter, nextMatch, previousMatch
    case edit, delete, deleteByPattern, undo, refetch
    case addWatch, queryConsole, inbound, commandLine, help, quit, cancel

    /// The word the hint line shows after the command's key (`d delete`).
    public var hintLabel: String {
        switch self {
        case .moveDown, .moveUp: return "move"
        case .top: return "top"
        case .bottom: return "bottom"
        case .pageDown, .pageUp: return "page"
        case .follow: return "open"
        case .back: return "back"
        case .forward: return "forward"
        case .nextPane: return "next pane"
        case .filter: return "filter"
        case .nextMatch, .previousMatch: return "match"
        case .edit: return "edit"
        case .delete: return "delete"
        case .deleteByPattern: return "by pattern"
        case .undo: return "undo"
        case .refetch: return "refetch"
        case .addWatch: return "watch"
        case .queryConsole: return "query"
        case .inbound: return "refs"
        case .commandLine: return "command"
        case .help: return "help"
        case .quit: return "quit"
        case .cancel: return "close"
        }
    }
}
