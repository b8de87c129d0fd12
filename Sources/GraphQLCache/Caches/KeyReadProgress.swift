/// How far a cache got reading every key of a big file for browsing
/// (`BrowsableNormalizedCache.readKeysInBackground`): a browser draws its first frame at once and
/// says how many keys are read of about how many.
public struct KeyReadProgress: Sendable, Hashable {
    /// The keys read so far.
    public var read: Int
    /// About how many keys there are (the file's highest row id; at least `read` once done).
    public var estimated: Int
    /// Whether the read ended: the keys are listed, or the read was given up (a change under
    /// way made it stale), and `keyCount(matching: nil)` then reads them itself.
    public var isDone: Bool

    public init(read: Int, estimated: Int, isDone: Bool) {
        self.read = read
        self.estimated = estimated
        self.isDone = isDone
    }

    /// The share read, from 0 to 1.
    public var fraction: Double {
        isDone ? 1 : estimated <= 0 ? 0 : min(1, Double(read) / Double(estimated))
    }
}
