import GraphQLCache

/// A merge's records by position, in the order their field storage lies in memory, read in
/// place from the `RecordSet`.
///
/// Why that order: a `RecordSet` lists its records in hash order, which is no order at all in
/// memory, so walking it met each record's field dictionary (and the lists and long strings
/// inside) as a cache miss: a third of what a one-thread merge did beyond SQLite's own work
/// was spent waiting on them. Records are made one after another as a response is normalized,
/// so the address of each field dictionary's storage follows that order; walking by it reads
/// memory nearly front to back, which the processor prefetches. The order also keeps nearby
/// records of a response together in the batched selects and in the upserts, which SQLite pays
/// less for. The address is only a sort key: any order gives the same merge.
///
/// Why positions are the dictionary's indices and not copies of the records: a copy bumps the
/// reference count of the record's key and fields, and with a second thread encoding (see
/// `RecordEncodingPipeline`) those counts would bounce between the two cores; the indices are
/// plain values, and a record is read only when used.
package struct IncomingRecords: Sendable {
    private let values: Dictionary<CacheKey, Record>.Values
    private let indices: [Dictionary<CacheKey, Record>.Index]

    package init(_ set: RecordSet) {
        let values = set.records
        let hashOrder = Array(values.indices)
        let addresses = hashOrder.map { Self.storageAddress(of: values[$0].fields) }
        self.values = values
        indices = MemoryOrder.positions(sortedBy: addresses).map { hashOrder[$0] }
    }

    var count: Int { indices.count }
    package var positions: Range<Int> { indices.indices }

    subscript(position: Int) -> Record { values[indices[position]] }

    /// The record's key, without copying the record.
    package func key(at position: Int) -> CacheKey { values[indices[position]].key }

    /// The record's fields, without copying the record.
    func fields(at position: Int) -> [String: CacheValue] { values[indices[position]].fields }

    /// Reads where each record of `positions` is (its entry in the `RecordSet`), with plain loads
    /// and nothing else, before those records are used; returns the bits read, folded.
    ///
    /// Why: the entries lie in hash order, so reading them in memory order misses the CPU cache
    /// on most of them in a large merge, and the first use of a record copies it, taking a
    /// reference count; an atomic count change waits for every load before it, so the misses
    /// came one at a time (perf, re-merging 100,000 records on one thread: a tenth of the
    /// Swift side's samples sat on that one load). A loop of plain loads has many of them in
    /// flight together.
    func touch(_ positions: Range<Int>) -> UInt {
        var folded: UInt = 0
        for position in positions { folded ^= Self.storageAddress(of: values[indices[position]].fields) }
        return folded
    }

    /// The bits of a dictionary's one stored word (its storage's address on Linux; on Darwin
    /// possibly a tagged or bridged pointer, still a fine sort key), read without touching the
    /// storage itself.
    private static func storageAddress(of fields: [String: CacheValue]) -> UInt {
        withUnsafeBytes(of: fields) { $0.load(as: UInt.self) }
    }
}
