/// Editing a watch (`e` on a watch): its document and variables (Tab switches between them).
public struct WatchEditor: Hashable, Sendable {
    /// The watch edited.
    public var name: String
    public var document: LineInput
    public var variables: LineInput
    /// Whether keys go to the variables line.
    public var editingVariables = false
    /// Why the last submit was refused.
    public var error: String?

    public init(name: String, document: LineInput, variables: LineInput) {
        self.name = name
        self.document = document
        self.variables = variables
    }
}
