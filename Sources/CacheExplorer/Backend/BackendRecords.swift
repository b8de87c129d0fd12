import GraphQLCache

/// A backend's records as a `RecordSource`, for library code that loads records (`:lint`
/// comparing duplicates).
struct BackendRecords: RecordSource {
    let backend: any RecordBrowsing

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try backend.loadRecords(forKeys: keys)
    }
}
