/// Where a fetch may take its results from, with Apollo iOS's names and behaviour.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
    /// The default (cacheFirst): the cache's data if complete, else one fetch, written.
    case returnCacheDataElseFetch
    /// networkOnly: always fetch; the result is written.
    case fetchIgnoringCacheData
    /// Always fetch; the result is not written.
    case fetchIgnoringCacheCompletely
    /// cacheOnly: the cache's data, or an error carrying the miss; never fetches.
    case returnCacheDataDontFetch
    /// cacheAndNetwork: the cache's data if complete, then always the server's, written.
    case returnCacheDataAndFetch
    /// The server's data, written; the cache's data when the network fails.
    case networkFirst

    /// The policy named `name`, accepting the short aliases `cacheFirst`, `networkOnly`,
    /// `cacheOnly` and `cacheAndNetwork`.
    public init?(name: String) {
        switch name {
        case "cacheFirst": self = .returnCacheDataElseFetch
        case "networkOnly": self = .fetchIgnoringCacheData
        case "cacheOnly": self = .returnCacheDataDontFetch
        case "cacheAndNetwork": self = .returnCacheDataAndFetch
        default: self.init(rawValue: name)
        }
    }

    /// Whether the policy may ever go to the network (a watcher refetches only then).
    public var mayUseNetwork: Bool { self != .returnCacheDataDontFetch }

    /// Whether server results are written to the cache.
    public var writesResults: Bool { self != .fetchIgnoringCacheCompletely }
}
