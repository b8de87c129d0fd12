/// How many keys a filter lets through, as far as a cache counted them: a browser shows the
/// first page of a filter over a million keys without waiting for every match to be counted.
public struct KeyCount: Sendable, Hashable {
    /// The keys found (all of them when `isExact`).
    public var count: Int
    /// Whether `count` is every match, not a lower bound.
    public var isExact: Bool

    /// A count of `count` keys, every match when `isExact`, else a lower bound.
    public init(count: Int, isExact: Bool) {
        self.count = count
        self.isExact = isExact
    }
}
