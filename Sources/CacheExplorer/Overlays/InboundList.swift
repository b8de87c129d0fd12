import GraphQLCache

/// Who points at a record: every field holding a reference to it.
package struct InboundList: Hashable, Sendable {
    package var target: CacheKey
    package var references: [FieldKey]
    package var selected: Int

    package init(target: CacheKey, references: [FieldKey], selected: Int = 0) {
        self.target = target
        self.references = references
        self.selected = selected
    }
}
