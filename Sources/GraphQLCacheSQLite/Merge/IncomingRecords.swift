import GraphQLCache

/// A merge's records by position, read in place from the `RecordSet`.
///
/// Why not `Array(set.records)`: copying the records bumps the reference count of every
/// record's field dictionary, scattered in memory, so each copy is a cache miss; on a merge of
/// 10,000 records that alone was a tenth of what the merging thread did beyond SQLite's work.
/// Positions here are the dictionary's indices, plain values; a record is read only when used.
struct IncomingRecords: Sendable {
    private let values: Dictionary<CacheKey, Record>.Values
    private let indices: [Dictionary<CacheKey, Record>.Index]

    init(_ set: RecordSet) {
        values = set.records
        indices = Array(values.indices)
    }

    var count: Int { indices.count }
    var positions: Range<Int> { indices.indices }

    subscript(position: Int) -> Record { values[indices[position]] }

    /// The record's key, without copying the record.
    func key(at position: Int) -> CacheKey { values[indices[position]].key }

    /// The record's fields, without copying the record.
    func fields(at position: Int) -> [String: CacheValue] { values[indices[position]].fields }
}
