import GraphQLCache

/// The panes the explorer can focus.
public enum Pane: String, Hashable, Sendable, CaseIterable {
    case records, record, watches, query
}

/// A status-line message: information or an error.
public struct StatusMessage: Hashable, Sendable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// Everything the screen shows, as plain data: `reduce` changes it, `render` draws it, and
/// tests state it whole.
public struct ExplorerState: Hashable, Sendable {
    public var size: Size
    public var sourceName: String
    public var readOnly: Bool
    public var focus: Pane = .records
    public var mode: Mode = .normal
    public var list = RecordListState()
    public var record: RecordViewState?
    /// Records visited before the current one (breadcrumbs), and after it (`l`).
    public var back: [CacheKey] = []
    public var forward: [CacheKey] = []
    public var message: StatusMessage?
    public var undo: [UndoEntry] = []
    public var watches: [WatchSnapshot] = []
    /// Watches whose result changed since the last key press: drawn flashing.
    public var flashing: Set<String> = []
    public var selectedWatch = 0
    public var console = QueryConsole()
    public var isFinished = false

    public init(size: Size, sourceName: String, readOnly: Bool) {
        self.size = size
        self.sourceName = sourceName
        self.readOnly = readOnly
    }

    /// Current record and the trail to it: `QUERY_ROOT › Droid:2001`.
    public var breadcrumbs: [CacheKey] {
        guard let record else { return [] }
        return back + [record.key]
    }
}
