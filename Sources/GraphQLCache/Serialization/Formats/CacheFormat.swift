/// The file formats of the Apollo caches CacheLens opens, detected from the file itself.
///
/// Each format is one adapter: how rows are found and decoded, how a reference is spelled, how
/// a field key is formatted from arguments, which keys are roots, and whether CacheLens writes
/// it exactly. Only Apollo iOS's format (and CacheLens's own snapshots) are written back; the
/// others are read into memory in the library's model (see docs/FORMATS.md) and open read-only.
public enum CacheFormat: String, Sendable, CaseIterable, Codable {
    /// Apollo iOS 0.x–2.x `SQLiteNormalizedCache`: `records(_id, key, record)`, record JSON
    /// with `{"$reference": KEY}`, field keys `hero(episode:JEDI)`.
    case apolloIOS = "apollo-ios"
    /// Apollo Kotlin 2.x–4.x `SqlNormalizedCache`: `records(_id, key, record)`, record JSON
    /// with `"ApolloCacheReference{KEY}"` strings, field keys `hero({"episode":"JEDI"})`.
    case apolloKotlinClassic = "apollo-kotlin"
    /// apollo-kotlin-normalized-cache 1.0: `record(key, chunk_index, record, updated_date)`
    /// with a binary record per key, split into 1 MiB chunks.
    case apolloKotlinNormalized = "apollo-kotlin-normalized-1.0"
    /// Apollo Client's `cache.extract()` JSON (also what `apollo3-cache-persist` stores):
    /// `{"__ref": ID}` references, `ROOT_QUERY`, unidentified objects embedded in their parent.
    case apolloClient = "apollo-client"
    /// CacheLens's own snapshot JSON (`{KEY: record}` in Apollo iOS's record JSON).
    case snapshot = "cachelens-snapshot"

    /// The name shown in `stats`, `caches` and the explorer's status bar.
    public var displayName: String {
        switch self {
        case .apolloIOS: return "Apollo iOS"
        case .apolloKotlinClassic: return "Apollo Kotlin (classic SQLite)"
        case .apolloKotlinNormalized: return "Apollo Kotlin normalized cache 1.0"
        case .apolloClient: return "Apollo Client extract"
        case .snapshot: return "CacheLens snapshot"
        }
    }

    /// Why a file of this format opens read-only; nil when CacheLens writes it exactly.
    public var readOnlyReason: String? {
        switch self {
        case .apolloIOS, .snapshot: return nil
        case .apolloKotlinClassic, .apolloKotlinNormalized:
            return "\(displayName) files open read-only: CacheLens reads their field keys and references "
                + "into Apollo iOS's model and does not write Apollo Kotlin's records back"
        case .apolloClient:
            return "Apollo Client extracts open read-only: embedded objects are read as records of their own "
                + "and are not written back into their parents"
        }
    }
}
