/// The commands the `:` line understands, as data: the command line runs them by name or alias,
/// and help, the README and the error for an unknown name all list them from here.
public enum LineCommand: String, CaseIterable, Hashable, Sendable {
    case open, watch, query, theme, export, filter, find, gc, lint, help, quit

    /// Other names the command answers to (`:q`, `:o`).
    public var aliases: [String] {
        switch self {
        case .open: return ["o", "e", "open!", "o!", "e!"]
        case .watch: return ["w"]
        case .help: return ["h"]
        case .quit: return ["q", "q!"]
        case .export: return ["export!"]
        case .query, .theme, .filter, .find, .gc, .lint: return []
        }
    }

    /// What it takes after its name (empty for nothing).
    public var arguments: String {
        switch self {
        case .open, .export: return "FILE"
        case .watch, .query: return "DOC|FILE"
        case .theme: return "NAME"
        case .filter: return "TEXT"
        case .find: return "TEXT"
        case .gc, .lint, .help, .quit: return ""
        }
    }

    /// What it does, as help shows it.
    public var summary: String {
        switch self {
        case .open: return "open a .sqlite or snapshot .json file (:open! without asking about unsaved changes)"
        case .watch: return "watch a query (document text or a .graphql file)"
        case .query: return "run a document (text or a .graphql file) in the console"
        case .theme: return "switch theme (default, light, high-contrast, monochrome)"
        case .export: return "write every record to a snapshot file (:export! replaces one)"
        case .filter: return "filter keys (as /)"
        case .find: return "records whose values contain TEXT (FIELD=TEXT: one field; n/N walk them)"
        case .gc: return "delete records no root reaches (preview first)"
        case .lint: return "the cache's health: missing cache ids, duplicates, dangling references (Enter opens a record)"
        case .help: return "show the keys and commands"
        case .quit: return "quit (:q! without asking about unsaved changes)"
        }
    }

    /// Whether it changes the data (refused when read-only).
    public var changesData: Bool { self == .gc }

    /// `:name ARGS` as help shows it.
    public var usage: String { arguments.isEmpty ? ":\(rawValue)" : ":\(rawValue) \(arguments)" }

    /// The command called `name` or one of its aliases.
    public init?(named name: String) {
        guard let command = Self(rawValue: name) ?? Self.allCases.first(where: { $0.aliases.contains(name) }) else { return nil }
        self = command
    }

    /// Every command as `:name`, for messages: `:open, :watch, …`.
    public static var names: String { allCases.map { ":\($0.rawValue)" }.joined(separator: ", ") }
}
