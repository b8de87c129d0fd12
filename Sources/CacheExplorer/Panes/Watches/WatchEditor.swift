/// Editing a watch (`e` on a watch), or a new watch whose document declares variables (`w`,
/// `:watch FILE`): its document and variables (Tab switches between them).
package struct WatchEditor: Hashable, Sendable {
    /// The watch edited (empty for a new one).
    package var name: String
    /// Whether Enter adds a new watch rather than replacing `name`'s.
    package var isNew = false
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

    /// A new watch of `document`: the variables line is focused, prefilled with each declared
    /// variable (`{"id": null}`) to fill in.
    package static func adding(_ document: String) -> WatchEditor {
        var editor = WatchEditor(name: "", document: LineInput(document), variables: LineInput(VariablesText.template(for: document)))
        editor.isNew = true
        editor.editingVariables = true
        return editor
    }
}
