/// The panes the explorer can focus.
package enum Pane: String, Hashable, Sendable, CaseIterable {
    case records, record, watches, query
}
