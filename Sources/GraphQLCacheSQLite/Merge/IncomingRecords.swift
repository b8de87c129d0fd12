import GraphQLCache

/// A merge's records by position, in the order their field storage lies in memory.
///
/// Why that order: a `RecordSet` lists its records in hash order, which is no order at all in
/// memory, so walking it met each record's field dictionary (and the lists and long strings
/// inside) as a cache miss: a third of what a one-thread merge did beyond SQLite's own work
/// was spent waiting on them. Records are made one after another as a response is normalized,
/// so the address of each field dictionary's storage follows that order; walking by it reads
/// memory nearly front to back, which the processor prefetches. The order also keeps nearby
/// records of a response together in the batched selects and in the upserts, which SQLite pays
/// less for. The address is only a sort key: any order gives the same merge.
struct IncomingRecords: Sendable {
    private let records: [Record]

    init(_ set: RecordSet) {
        let values = set.records
        var order = values.indices.map { index in
            (address: Self.storageAddress(of: values[index].fields), index: index)
        }
        order.sort { $0.address < $1.address }
        records = order.map { values[$0.index] }
    }

    var count: Int { records.count }
    var positions: Range<Int> { records.indices }

    subscript(position: Int) -> Record { records[position] }

    /// The record's key, without copying the record.
    func key(at position: Int) -> CacheKey { records[position].key }

    /// The record's fields, without copying the record.
    func fields(at position: Int) -> [String: CacheValue] { records[position].fields }

    /// The bits of a dictionary's one stored word (its storage's address on Linux; on Darwin
    /// possibly a tagged or bridged pointer, still a fine sort key), read without touching the
    /// storage itself.
    private static func storageAddress(of fields: [String: CacheValue]) -> UInt {
        withUnsafeBytes(of: fields) { $0.load(as: UInt.self) }
    }
}
