/// The panes the explorer can focus.
public enum Pane: String, Hashable, Sendable, CaseIterable {
    case records, record, watches, query
}
