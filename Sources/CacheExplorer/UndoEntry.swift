import GraphQLCache

/// A change that `u` can take back.
public enum UndoEntry: Hashable, Sendable {
    /// A field was edited: its previous value.
    case edit(FieldKey, previous: CacheValue)
    /// Records were deleted: them as they were.
    case removal([Record], description: String)
}
