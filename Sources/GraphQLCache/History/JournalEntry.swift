import Foundation

/// One committed change in a journal (and, in the explorer, one row of the write log): when,
/// who made it, the records it added, removed and changed with each field's before and after,
/// and the cache's digest before and after, which chain one entry to the next (a journal's
/// entries always have them; the explorer's log kept in memory counts no digest, since only a
/// journal needs one, and leaves them nil).
public struct JournalEntry: Sendable, Equatable {
    /// 1 for the journal's first entry, counting up.
    public var sequence: Int
    /// When the change was seen committed.
    public var time: Date
    /// Who made it: `external` (another process), `edit`, `delete`, `undo`, `fetch HeroFriends`…
    public var origin: String
    /// What changed, in key order. Empty when rows were rewritten with equal values.
    public var records: [RecordDelta]
    /// The cache's digest before the change; nil where none was counted (no journal).
    public var digestBefore: CacheDigest?
    /// The cache's digest after it; nil where none was counted (no journal).
    public var digestAfter: CacheDigest?

    public init(sequence: Int, time: Date, origin: String, records: [RecordDelta],
                digestBefore: CacheDigest?, digestAfter: CacheDigest?) {
        self.sequence = sequence
        self.time = time
        self.origin = origin
        self.records = records
        self.digestBefore = digestBefore
        self.digestAfter = digestAfter
    }
}

/// The first line of a journal: which cache it records and how that cache stood when recording
/// began.
public struct JournalHeader: Sendable, Equatable {
    /// The format's version (1).
    public var version: Int
    /// The cache file's absolute path when the journal was started.
    public var cache: String
    /// When recording began.
    public var time: Date
    /// The cache's digest then.
    public var digest: CacheDigest

    public init(version: Int = 1, cache: String, time: Date, digest: CacheDigest) {
        self.version = version
        self.cache = cache
        self.time = time
        self.digest = digest
    }
}

/// A break in a journal: the recorder started again and found the cache different from the
/// journal's last entry, so commits made meanwhile are missing. Written as a line of its own so
/// that no reader shows history across it as if it were whole.
public struct JournalGap: Sendable, Equatable {
    /// Entries before the gap.
    public var afterEntries: Int
    /// When the gap was found.
    public var time: Date
    /// The digest the journal expected and the one the cache had.
    public var expected: CacheDigest
    public var found: CacheDigest

    public init(afterEntries: Int, time: Date, expected: CacheDigest, found: CacheDigest) {
        self.afterEntries = afterEntries
        self.time = time
        self.expected = expected
        self.found = found
    }
}

/// One line of a journal file.
public enum JournalLine: Sendable, Equatable {
    case header(JournalHeader)
    case entry(JournalEntry)
    case gap(JournalGap)
}
