import GraphQLCache

/// Data with a GraphQL store behind it, so that queries can be watched (the watches pane).
package protocol WatchHosting: AnyObject, Sendable {
    /// The watched queries with their latest results.
    func watches() -> [WatchSnapshot]
    /// Starts watching `document` with `variables` (a JSON object, or empty) under `name`;
    /// returns the name used.
    @discardableResult
    func addWatch(name: String?, document: String, variables: String) throws -> String
    /// Replaces the document and variables of the watch `name`.
    func replaceWatch(_ name: String, document: String, variables: String) throws
    /// Stops and forgets the watch `name`.
    func removeWatch(_ name: String) throws
    /// Fetches the watch `name` again: from the network when watches have one, else the cache.
    func refetchWatch(_ name: String) throws
    /// Cancels the watch reads under way; returns the names of the watches that were reading.
    func cancelWatchReads() -> [String]
    /// Whether a watch whose cache read misses goes to the network (`explore --endpoint`, the
    /// sample's server); the delete preview says so.
    var watchesUseNetwork: Bool { get }
    /// The network for the status bar (`127.0.0.1:8000`), nil when there is none.
    var networkName: String? { get }
    /// Makes the watch `name` read under `policy` from now on (it reads afresh).
    func setWatchPolicy(_ name: String, _ policy: CachePolicy) throws
}

extension WatchHosting {
    /// Starts watching a document that takes no variables.
    @discardableResult
    package func addWatch(name: String?, document: String) throws -> String {
        try addWatch(name: name, document: document, variables: "")
    }
}
