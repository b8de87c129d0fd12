import GraphQLCache

/// The edit dialog: which field, as which kind, the text typed and the last validation error.
public struct EditDialog: Hashable, Sendable {
    public var field: FieldKey
    public var kind: EditKind
    public var input: LineInput
    public var error: String?

    public init(field: FieldKey, kind: EditKind, input: LineInput, error: String? = nil) {
        self.field = field
        self.kind = kind
        self.input = input
        self.error = error
    }
}
