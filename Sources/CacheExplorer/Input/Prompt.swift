/// The line inputs that keep a history of their own: Up and Down recall what was entered in
/// that prompt before (filters in the filter, documents in the console).
package enum Prompt: Hashable, Sendable {
    case filter, command, deletePattern, watch, edit, query, variables

    /// Entries kept per prompt, oldest dropped first.
    package static let historyLimit = 100
}
