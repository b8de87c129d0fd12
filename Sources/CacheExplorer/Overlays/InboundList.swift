import GraphQLCache

/// Who points at a record: every field holding a reference to it.
public struct InboundList: Hashable, Sendable {
    public var target: CacheKey
    public var references: [FieldKey]
    public var selected: Int

    public init(target: CacheKey, references: [FieldKey], selected: Int = 0) {
        self.target = target
        self.references = references
        self.selected = selected
    }
}
