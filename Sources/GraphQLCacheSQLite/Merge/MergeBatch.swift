import Foundation
import GraphQLCache

/// One merge into a SQLite cache: the incoming records and what the file holds for each, so
/// that only changed rows are rewritten, and decoded only when they must be.
///
/// Why it is shaped like this: a merge that decoded every stored row to compare it spent most
/// of its time building dictionaries it then threw away. Each incoming record's JSON (from
/// `MergeEncodings`: a second thread for a large merge, else the batch's records encoded just
/// before the batch is read) is bound beside its key and compared with the stored bytes by
/// SQLite (`SQLiteRows.selectDiffering`): equal bytes mean an unchanged record (when the encoding
/// reads back as the record; when it does not, the row is returned whatever it holds), and only
/// absent and differing rows come back. A differing row with the same field keys is diffed
/// member by member and rewritten with the encoding already made; only other differing rows
/// (another writer's layout, fields the incoming record lacks) are decoded and merged field by
/// field with `Record.merge`. New records are written from their encodings. Each batch's
/// returned rows are copied out while SQLite steps through them (`FoundRows`) and compared once
/// the batch's statement is done.
struct MergeBatch {
    /// What the file holds for one incoming record.
    private enum Stored {
        /// No row: a new record, whose encoding is `replacements[kept]` when kept there (else
        /// `encodings` has it).
        case absent(kept: Range<Int>?)
        /// A row with exactly the incoming record's JSON: nothing to do.
        case same
        /// A row that cannot be decoded: overwritten by the incoming record, as if absent.
        case broken(kept: Range<Int>?)
        /// A row with the same field keys whose `fields` differ: the merge is the incoming record,
        /// whose encoding is `replacements[span]`.
        case replaced(fields: [String], span: Range<Int>)
        /// A row that differs otherwise: its fields, to merge into.
        case old(Record)
    }

    private let records: IncomingRecords
    private var stored: [Stored]
    private var encodings: MergeEncodings
    /// The encodings of the `replaced` records, and the kept ones of `absent` and `broken`
    /// records, one after the other.
    private var replacements: [UInt8] = []
    /// The first stored row found that cannot be read (which this merge replaces unless the
    /// caller refuses: `SQLiteNormalizedCache.mergeComparing`).
    private(set) var firstBrokenRow: BrokenRecord?

    /// Prepares the merge of `set`; a large one starts encoding its records on a second
    /// thread when `concurrentEncoding` (call `finish()` when done, whatever happens).
    init(_ set: RecordSet, concurrentEncoding: Bool) {
        records = IncomingRecords(set)
        stored = Array(repeating: .absent(kept: nil), count: records.count)
        encodings = MergeEncodings(records: records, concurrently: concurrentEncoding)
    }

    /// Ends the merge's encoding work; call it once, after `writeChanges` or a failure.
    func finish() {
        encodings.stop()
    }

    /// Below this many records, the batched select costs no more than asking whether the table
    /// is empty, so small merges (one changed field, the common case) skip the question.
    private static let emptyCheckMinimum = 64

    /// Reads the stored rows that differ from the incoming records, with the batched compares
    /// (`SQLiteRows.selectDiffering`). Call it inside the write transaction: an empty table (the
    /// first merge into a new file) then provably holds none of the keys, and the compares are
    /// skipped.
    mutating func readStoredRows(on connection: SQLiteConnection) throws {
        if records.count >= Self.emptyCheckMinimum, try SQLiteRows.isEmpty(on: connection) { return }
        // The field names of decoded rows (another writer's layout), made at the first one.
        var names: FieldNameTable?
        var stored = self.stored, replacements = self.replacements, encodings = self.encodings
        var firstBrokenRow = self.firstBrokenRow
        var found = FoundRows()
        let records = self.records
        let batch = SQLiteRows.largestDifferingBatch(on: connection)
        for start in stride(from: 0, to: records.count, by: batch) {
            let range = start..<min(start + batch, records.count)
            encodings.prepareBatch(range, of: records)
            found.removeAll()
            // A record the compare does not report has a row holding exactly its JSON.
            for position in range { stored[position] = .same }
            try encodings.withBatch(range) { json in
                try SQLiteRows.selectDiffering(count: range.count, on: connection, record: { slot in
                    let position = range.lowerBound + slot
                    let encoded = json.encoding(of: position)
                    return SQLiteRows.ComparedRecord(key: records.key(at: position),
                                                     json: encoded.roundTrips ? encoded.json : nil)
                }) { slot, row in
                    switch row {
                    case .absent: stored[range.lowerBound + slot] = .absent(kept: nil)
                    case .stored(let bytes): found.append(position: range.lowerBound + slot, bytes)
                    }
                }
                found.forEach { position, bytes in
                    let encoded = json.encoding(of: position)
                    let diff = encoded.roundTrips
                        ? Self.diff(position, in: records, encoded: encoded.json, stored: bytes, replacements: &replacements)
                        : nil
                    stored[position] = diff ?? Self.decode(bytes, key: records.key(at: position), names: &names,
                                                           broken: &firstBrokenRow)
                }
            }
            if !encodings.keepsEncodings {
                Self.keepEncodings(of: range, stored: &stored, replacements: &replacements,
                                   encodings: &encodings, records: records)
            }
        }
        self.stored = stored
        self.replacements = replacements
        self.encodings = encodings
        self.firstBrokenRow = firstBrokenRow
    }

    /// What a stored row is to the incoming record `records[position]` whose JSON is
    /// `encoded`, when bytes or a member-by-member diff tell; nil when the row must be decoded.
    /// Equal bytes, the common case, do not touch the record.
    private static func diff(_ position: Int, in records: IncomingRecords, encoded: UnsafeBufferPointer<UInt8>,
                             stored bytes: UnsafeBufferPointer<UInt8>, replacements: inout [UInt8]) -> Stored? {
        if equal(encoded, bytes) { return .same }
        guard let fields = RecordJSON.changedFields(stored: bytes, encoded: encoded, incoming: records.fields(at: position))
        else { return nil }
        if fields.isEmpty { return .same }
        let start = replacements.count
        replacements.append(contentsOf: encoded)
        return .replaced(fields: fields, span: start..<replacements.count)
    }

    /// Copies the encodings of the batch's records that will be inserted (no row, or a broken
    /// one) into `replacements`, before the next batch's encodings take their place.
    private static func keepEncodings(of range: Range<Int>, stored: inout [Stored], replacements: inout [UInt8],
                                      encodings: inout MergeEncodings, records: IncomingRecords) {
        for position in range {
            let isBroken: Bool
            switch stored[position] {
            case .absent(kept: nil): isBroken = false
            case .broken(kept: nil): isBroken = true
            default: continue
            }
            let start = replacements.count
            encodings.withEncoding(of: position, in: records) { json, _ in
                replacements.append(contentsOf: json)
            }
            let kept = start..<replacements.count
            stored[position] = isBroken ? .broken(kept: kept) : .absent(kept: kept)
        }
    }

    /// A stored row decoded to merge into, or `broken` (the first such row kept in `broken`).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, key: CacheKey, names: inout FieldNameTable?,
                               broken: inout BrokenRecord?) -> Stored {
        if names == nil { names = FieldNameTable() }
        switch SQLiteRows.row(bytes, key: key, names: names) {
        case .record(let old):
            return .old(old)
        case .broken(let row):
            if broken == nil { broken = row }
            return .broken(kept: nil)
        }
    }

    /// Upserts the new and changed records; returns the changed field keys and the keys that
    /// had no row before.
    mutating func writeChanges(on connection: SQLiteConnection) throws -> (changed: FieldChanges, newKeys: [CacheKey]) {
        var changed = FieldChanges()
        changed.reserveCapacity(records: changedRecordEstimate)
        var newKeys: [CacheKey] = []
        var scratch = JSONWriter(reservingCapacity: 1_024)
        var encodings = self.encodings
        defer { self.encodings = encodings }
        try replacements.withUnsafeBufferPointer { replacementBytes in
            // The records come from one `RecordSet`: each key once, so `appendNew` holds.
            for position in records.positions {
                if case .same = stored[position] { continue }  // before copying the record
                let record = records[position]
                switch stored[position] {
                case .same:
                    continue
                case .replaced(let fields, let span):
                    changed.appendNew(record: record.key, fields: fields)
                    try SQLiteRows.upsert(key: record.key, json: UnsafeBufferPointer(rebasing: replacementBytes[span]),
                                          on: connection)
                case .old(var old):
                    let fields = old.merge(record)
                    if fields.isEmpty { continue }
                    changed.appendNew(record: record.key, fields: fields)
                    try Self.upsert(old, scratch: &scratch, on: connection)
                case .absent(let kept), .broken(let kept):
                    changed.appendNew(record: record.key, allFieldsOf: record.fields)
                    if case .absent = stored[position] { newKeys.append(record.key) }
                    if let kept {
                        try SQLiteRows.upsert(key: record.key, json: UnsafeBufferPointer(rebasing: replacementBytes[kept]),
                                              on: connection)
                    } else {
                        try encodings.withEncoding(of: position, in: records) { json, _ in
                            try SQLiteRows.upsert(key: record.key, json: json, on: connection)
                        }
                    }
                }
            }
        }
        return (changed, newKeys)
    }

    /// Encodes `record` into `scratch` (reused, so it stays in the CPU cache) and writes it.
    private static func upsert(_ record: Record, scratch: inout JSONWriter, on connection: SQLiteConnection) throws {
        scratch.removeAll()
        RecordJSON.write(record.fields, to: &scratch)
        try scratch.withBytes { try SQLiteRows.upsert(key: record.key, json: $0, on: connection) }
    }

    /// The records whose row is absent or differs: at most that many are reported, so the
    /// changes are sized once.
    private var changedRecordEstimate: Int {
        stored.count(where: { if case .same = $0 { false } else { true } })
    }

    private static func equal(_ json: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard json.count == bytes.count else { return false }
        guard let a = json.baseAddress, let b = bytes.baseAddress else { return json.isEmpty }
        return memcmp(a, b, json.count) == 0
    }
}
