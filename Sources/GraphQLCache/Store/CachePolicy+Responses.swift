extension CachePolicy {
    /// The policies that give one result, for `GraphQLClient.fetch(query:cachePolicy:)` (Apollo
    /// iOS 2.x's `CachePolicy.Query.SingleResponse`, with `cacheOnly` beside them): a separate
    /// type, so that `cacheAndNetwork`, which gives two results, picks the overload that
    /// returns a stream.
    public enum SingleResponse: Sendable, Hashable, CaseIterable {
        case cacheFirst, networkFirst, networkOnly, cacheOnly

        /// The full policy this one is.
        public var policy: CachePolicy {
            switch self {
            case .cacheFirst: .cacheFirst
            case .networkFirst: .networkFirst
            case .networkOnly: .networkOnly
            case .cacheOnly: .cacheOnly
            }
        }
    }

    /// `cacheAndNetwork` alone, for the `fetch` overload that returns a stream of results
    /// (Apollo iOS 2.x's `CachePolicy.Query.CacheAndNetwork`).
    public enum CacheAndNetwork: Sendable, Hashable {
        case cacheAndNetwork
    }
}
