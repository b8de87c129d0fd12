/// Why a journal cannot be read, or does not describe the cache it is read against: the payload
/// of `GraphQLCacheError.journal`, and what `JournalReader.check` reports, so that a log never
/// shows history that is not the cache's.
public enum JournalProblem: Sendable, Equatable, CustomStringConvertible {
    /// A line that is not a journal line; `line` counts from 1.
    case malformed(line: Int, message: String)
    /// The first line is not a journal header.
    case noHeader
    /// The journal records another cache file, whose content is not this one's.
    case otherCache(recorded: String, given: String)
    /// The cache changed after the journal's last entry: commits nobody recorded.
    case cacheChangedSinceLastEntry(entries: Int)
    /// The recorder found commits missing when it started again, after this many entries.
    case gap(afterEntries: Int)

    public var description: String {
        switch self {
        case let .malformed(line, message): return "line \(line): \(message)"
        case .noHeader: return "not a cachelens journal (no header line)"
        case let .otherCache(recorded, given):
            return "the journal records \(recorded), and \(given) holds other data: another cache"
        case .cacheChangedSinceLastEntry(let entries):
            return "the cache changed after the journal's last entry (entry \(entries)): its latest commits were not recorded"
        case .gap(let entries): return "commits are missing after entry \(entries) (the recorder was not running)"
        }
    }
}
