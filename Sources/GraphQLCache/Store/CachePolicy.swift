/// Where a fetch may take its results from: Apollo iOS 2.x's five policies first, behaving as
/// Apollo's do, plus 1.x's `fetchIgnoringCacheCompletely` (2.x has no such policy).
///
/// Apollo iOS 1.x's names are kept as aliases (`returnCacheDataElseFetch` is `cacheFirst`,
/// `fetchIgnoringCacheData` is `networkOnly`, `returnCacheDataDontFetch` is `cacheOnly`,
/// `returnCacheDataAndFetch` is `cacheAndNetwork`), and the raw values stay the 1.x names that
/// files and scripts already hold.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
    /// The default: the cache's data if complete, else one fetch, written.
    case cacheFirst = "returnCacheDataElseFetch"
    /// Always fetch; the result is written.
    case networkOnly = "fetchIgnoringCacheData"
    /// Always fetch; the result is not written (1.x only).
    case fetchIgnoringCacheCompletely
    /// The cache's data, or an error carrying the miss; never fetches.
    case cacheOnly = "returnCacheDataDontFetch"
    /// The cache's data if complete, then always the server's, written.
    case cacheAndNetwork = "returnCacheDataAndFetch"
    /// The server's data, written; the cache's data when the network fails.
    case networkFirst

    /// Apollo iOS 1.x's name of `cacheFirst`.
    public static let returnCacheDataElseFetch = CachePolicy.cacheFirst
    /// Apollo iOS 1.x's name of `networkOnly`.
    public static let fetchIgnoringCacheData = CachePolicy.networkOnly
    /// Apollo iOS 1.x's name of `cacheOnly`.
    public static let returnCacheDataDontFetch = CachePolicy.cacheOnly
    /// Apollo iOS 1.x's name of `cacheAndNetwork`.
    public static let returnCacheDataAndFetch = CachePolicy.cacheAndNetwork

    /// The policy named `name`: a 1.x name (the raw value) or a 2.x one (`cacheFirst`,
    /// `networkOnly`, `cacheOnly`, `cacheAndNetwork`, `networkFirst`).
    public init?(name: String) {
        switch name {
        case "cacheFirst": self = .cacheFirst
        case "networkOnly": self = .networkOnly
        case "cacheOnly": self = .cacheOnly
        case "cacheAndNetwork": self = .cacheAndNetwork
        default: self.init(rawValue: name)
        }
    }

    /// Whether the policy may ever go to the network (a watcher refetches only then).
    public var mayUseNetwork: Bool { self != .cacheOnly }

    /// Whether server results are written to the cache.
    public var writesResults: Bool { self != .fetchIgnoringCacheCompletely }
}
