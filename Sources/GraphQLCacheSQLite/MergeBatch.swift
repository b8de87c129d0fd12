import Foundation
import GraphQLCache

/// One merge into a SQLite cache: the incoming records, their JSON, and what the file holds
/// for each, so that only changed rows are decoded, merged and rewritten.
///
/// Why it is shaped like this: a merge that decoded every stored row to compare it spent most
/// of its time building dictionaries it then threw away. Each incoming record is encoded once
/// (it is needed to write a new row anyway), all into one buffer, and compared with the stored
/// bytes; equal bytes mean an unchanged record (when `RecordJSON.roundTrips` holds), and only
/// rows that differ are decoded and merged field by field with `Record.merge`.
struct MergeBatch {
    /// What the file holds for one incoming record.
    private enum Stored {
        /// No row: a new record.
        case absent
        /// A row with exactly the incoming record's JSON: nothing to do.
        case same
        /// A row that cannot be decoded: overwritten by the incoming record, as if absent.
        case broken
        /// A row that differs: its fields, to merge into.
        case old(Record)
    }

    /// Where one record's JSON is in `json`, and whether equal bytes mean equal fields.
    private struct Span {
        var start: Int
        var count: Int
        var roundTrips: Bool
    }

    private let records: [Record]
    /// Every record's JSON, one after the other.
    private let json: [UInt8]
    private let spans: [Span]
    private var stored: [Stored]

    /// Encodes the records (no lock needed: call it before taking the connection).
    init(_ set: RecordSet) {
        records = Array(set.records)
        var writer = JSONWriter(reservingCapacity: records.count * 256)
        var spans: [Span] = []
        spans.reserveCapacity(records.count)
        for record in records {
            let start = writer.count
            let roundTrips = RecordJSON.writeCheckingRoundTrip(record.fields, to: &writer)
            spans.append(Span(start: start, count: writer.count - start, roundTrips: roundTrips))
        }
        json = writer.bytes
        self.spans = spans
        stored = Array(repeating: .absent, count: records.count)
    }

    /// Below this many records, the batched select costs no more than asking whether the table
    /// is empty, so small merges (one changed field, the common case) skip the question.
    private static let emptyCheckMinimum = 64

    /// Reads the stored rows of the incoming keys with the batched selects. Call it inside the
    /// write transaction: an empty table (the first merge into a new file) then provably holds
    /// none of the keys, and the selects are skipped.
    mutating func readStoredRows(on connection: SQLiteConnection) throws {
        if records.count >= Self.emptyCheckMinimum, try SQLiteRows.isEmpty(on: connection) { return }
        let keys = records.map(\.key)
        // Where each key is, built at the first row found: a merge of new records finds none.
        var positions: [CacheKey: Int] = [:]
        try json.withUnsafeBufferPointer { all in
            try SQLiteRows.select(keys: keys, on: connection) { key, bytes in
                if positions.isEmpty { positions = Self.positions(of: keys) }
                guard let position = positions[key] else { return }
                let span = spans[position]
                if span.roundTrips, Self.equal(UnsafeBufferPointer(rebasing: all[span.start..<span.start + span.count]), bytes) {
                    stored[position] = .same
                } else if let record = try? SQLiteRows.decode(bytes, key: key) {
                    stored[position] = .old(record)
                } else {
                    stored[position] = .broken
                }
            }
        }
    }

    /// Upserts the new and changed records; returns the changed field keys and the keys that
    /// had no row before.
    func writeChanges(on connection: SQLiteConnection) throws -> (changed: FieldChanges, newKeys: [CacheKey]) {
        var changed = FieldChanges()
        changed.reserveCapacity(records: changedRecordEstimate)
        var newKeys: [CacheKey] = []
        try json.withUnsafeBufferPointer { all in
            // The records come from one `RecordSet`: each key once, so `appendNew` holds.
            for (position, record) in records.enumerated() {
                switch stored[position] {
                case .same:
                    continue
                case .old(var old):
                    let fields = old.merge(record)
                    if fields.isEmpty { continue }
                    changed.appendNew(record: record.key, fields: fields)
                    try SQLiteRows.upsert(key: record.key, json: RecordJSON.encode(old.fields), on: connection)
                case .absent, .broken:
                    changed.appendNew(record: record.key, fields: Array(record.fields.keys))
                    if case .absent = stored[position] { newKeys.append(record.key) }
                    let span = spans[position]
                    try SQLiteRows.upsert(key: record.key, json: UnsafeBufferPointer(rebasing: all[span.start..<span.start + span.count]),
                                          on: connection)
                }
            }
        }
        return (changed, newKeys)
    }

    /// The records whose row is absent or differs: at most that many are reported, so the
    /// changes are sized once.
    private var changedRecordEstimate: Int {
        stored.count(where: { if case .same = $0 { false } else { true } })
    }

    private static func positions(of keys: [CacheKey]) -> [CacheKey: Int] {
        var positions = [CacheKey: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { positions[key] = position }
        return positions
    }

    private static func equal(_ json: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard json.count == bytes.count else { return false }
        guard let a = json.baseAddress, let b = bytes.baseAddress else { return json.isEmpty }
        return memcmp(a, b, json.count) == 0
    }
}
