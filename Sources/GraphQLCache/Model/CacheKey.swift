/// The key of one normalized record: a cache id such as `Droid:2001`, a root such as
/// `QUERY_ROOT`, or a response path such as `QUERY_ROOT.hero.friends.0`.
///
/// Keys are opaque strings: Apollo iOS stores them verbatim in its SQLite `key` column, and an
/// argument inside a path key may itself contain `.`, so we never split a key apart.
///
/// Two keys are one only when their UTF-8 bytes are equal (`ExactUTF8`), as SQLite compares
/// them: `Café` precomposed and decomposed are two keys, though Swift calls the strings equal.
public struct CacheKey: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The key exactly as stored.
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// Equal bytes, not canonical equivalence: see the type's comment.
    public static func == (lhs: CacheKey, rhs: CacheKey) -> Bool { ExactUTF8.equal(lhs.rawValue, rhs.rawValue) }

    public func hash(into hasher: inout Hasher) { ExactUTF8.hash(rawValue, into: &hasher) }

    /// Root record of query data.
    public static let queryRoot = CacheKey("QUERY_ROOT")
    /// Root record of mutation data.
    public static let mutationRoot = CacheKey("MUTATION_ROOT")
    /// Root record of subscription data.
    public static let subscriptionRoot = CacheKey("SUBSCRIPTION_ROOT")

    /// Whether this is one of the three operation roots.
    public var isRoot: Bool {
        self == .queryRoot || self == .mutationRoot || self == .subscriptionRoot
    }

    /// The key of a child object stored by path below this record: `QUERY_ROOT.hero`.
    public func appending(_ component: String) -> CacheKey {
        CacheKey(rawValue + "." + component)
    }

    /// Natural order, roots first: `QUERY_ROOT` before anything, then `x.2` before `x.10`.
    /// The explorer lists keys in this order.
    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool {
        NaturalOrder.precedes(lhs.rawValue, rhs.rawValue)
    }
}
