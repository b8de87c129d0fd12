/// One field of one record before and after a change: what a diff of two caches and each entry of
/// the write log show (`name: "Luke" → "Luke S."`). A field that did not exist on one side has
/// no value there (`nil`), which is not the same as a stored `null`.
public struct FieldDelta: Hashable, Sendable {
    /// The field key (`name`, `hero(episode:JEDI)`).
    public let field: String
    /// The value before, nil when the field was absent.
    public let before: CacheValue?
    /// The value after, nil when the field is gone.
    public let after: CacheValue?

    public init(field: String, before: CacheValue?, after: CacheValue?) {
        self.field = field
        self.before = before
        self.after = after
    }

    /// Whether the field held a reference (or list of references) on both sides and now points
    /// elsewhere: the change that makes a query read another object, shown apart from plain
    /// value edits.
    public var isRepointed: Bool {
        guard let before, let after else { return false }
        let old = before.referencedKeys, new = after.referencedKeys
        return !old.isEmpty && !new.isEmpty && old != new
    }
}
