import GraphQLCache

/// Where data held in memory came from, when another program can change it: a snapshot `.json`
/// file the explorer opened. Polled on the same tick as SQLite's `data_version`; a new version
/// becomes one `external` store change (`StoreBackend.pollExternalChanges`).
package protocol ExternalRecordSource: Sendable {
    /// Looks whether the source changed since it was read (a cheap check first: a file's
    /// modification time, size and inode), and if so reads it whole.
    func poll() -> ExternalSourcePoll
    /// The source's name, for messages (`hero.json`).
    var name: String { get }
}

/// What a poll of an `ExternalRecordSource` found.
package enum ExternalSourcePoll: Sendable {
    /// Nothing changed.
    case unchanged
    /// A new version, read whole and valid.
    case changed(RecordSet)
    /// It changed but cannot be read (a rewrite caught half way, invalid JSON): reported, and
    /// the last good version is kept; the next change is read again.
    case unreadable(String)
}
