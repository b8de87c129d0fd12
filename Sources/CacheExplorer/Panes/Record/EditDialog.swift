import GraphQLCache

/// The edit dialog: which field, as which kind, the text typed and the last validation error.
package struct EditDialog: Hashable, Sendable {
    package var field: FieldKey
    package var kind: EditKind
    package var input: LineInput
    package var error: String?

    package init(field: FieldKey, kind: EditKind, input: LineInput, error: String? = nil) {
        self.field = field
        self.kind = kind
        self.input = input
        self.error = error
    }
}
