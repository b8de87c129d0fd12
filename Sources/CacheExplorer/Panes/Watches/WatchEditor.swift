/// Editing a watch (`e` on a watch): its document and variables (Tab switches between them).
package struct WatchEditor: Hashable, Sendable {
    /// The watch edited.
    package var name: String
    package var document: LineInput
    package var variables: LineInput
    /// Whether keys go to the variables line.
    package var editingVariables = false
    /// Why the last submit was refused.
    package var error: String?

    package init(name: String, document: LineInput, variables: LineInput) {
        self.name = name
        self.document = document
        self.variables = variables
    }
}
