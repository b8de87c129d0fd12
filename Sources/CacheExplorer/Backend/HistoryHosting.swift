import GraphQLCache

/// Data whose changes the explorer logs (`L`) and can travel back through: a store-backed
/// cache small enough for the log to keep a copy of its rows (`WriteLog`).
package protocol HistoryHosting: RecordWriting {
    /// The log, or nil when none is kept (with `writeLogUnavailableReason` saying why).
    var writeLog: WriteLog? { get }
    /// Restores `records` and removes `keys` in one transaction, logged as `name` ("go back to
    /// entry 4"): time travel is one change, undone as one.
    func rewind(removing keys: [CacheKey], writing records: [Record], named name: String) throws
}
