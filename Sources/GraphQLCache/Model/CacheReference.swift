/// A pointer from a field to another normalized record, stored as `{"$reference":"KEY"}`.
public struct CacheReference: Hashable, Sendable, CustomStringConvertible {
    /// The referenced record's key.
    public let key: CacheKey

    public init(_ key: CacheKey) { self.key = key }

    /// The query root, the record every query read starts from.
    public static let rootQueryObject = CacheReference(.queryRoot)
    /// The mutation root.
    public static let rootMutationObject = CacheReference(.mutationRoot)
    /// The subscription root.
    public static let rootSubscriptionObject = CacheReference(.subscriptionRoot)

    public var description: String { "-> \(key.rawValue)" }
}
