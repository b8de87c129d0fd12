/// A snapshot: every record as `{KEY: record JSON}`, keys sorted, the shape the
/// harness `records` op returns and `cachelens export`/`import`/`query` read and write.
///
/// One definition shared by the harness and the command line, so a snapshot written by one is
/// read by the other, and a bad one is reported the same way (the file with line and column for
/// broken JSON, the record key for a bad record).
public enum Snapshot {
    /// The records as a JSON object, keys sorted by their bytes, fields sorted.
    public static func jsonObject(_ records: RecordSet) -> JSONObject {
        JSONObject(records.keys.sorted { ExactUTF8.precedes($0.rawValue, $1.rawValue) }.map { key in
            (key.rawValue, .object(RecordJSON.jsonObject(records[key]!.fields)))
        })
    }

    /// A snapshot file's bytes: one record per line, keys sorted by their bytes.
    public static func encode<S: Sequence>(_ records: S) -> [UInt8] where S.Element == Record {
        var bytes: [UInt8] = []
        var writer = SnapshotWriter<Never> { bytes.append(contentsOf: $0) }
        for record in records.sorted(by: { ExactUTF8.precedes($0.key.rawValue, $1.key.rawValue) }) { writer.append(record) }
        writer.finish()
        return bytes
    }

    /// Reads a snapshot file's bytes; `source` (the file's path) names it in errors. JSON
    /// errors carry the line and column, bad records their key.
    public static func decode<C: Collection>(_ bytes: C, source: String) throws(GraphQLCacheError) -> RecordSet
    where C.Element == UInt8 {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes: bytes) } catch .invalidJSON(let syntax) {
            throw .invalidSnapshot(source: source, problem: .json(syntax))
        }
        guard case .object(let object) = value else {
            throw .invalidSnapshot(source: source, problem: .notAnObject(found: value.kindName))
        }
        do { return try records(from: object) } catch .invalidSnapshot(_, let problem) {
            throw .invalidSnapshot(source: source, problem: problem)
        }
    }

    /// Reads `{KEY: {field: value}}` (a snapshot, the harness `merge` op's `records`); a bad
    /// record is an error naming its key (and field).
    public static func records(from object: JSONObject) throws(GraphQLCacheError) -> RecordSet {
        var set = RecordSet()
        for (key, value) in object {
            guard case .object(let fieldsJSON) = value else {
                throw .invalidSnapshot(source: nil, problem: .badRecord(
                    key: key, field: nil, reason: "must be an object of fields, found \(value.kindName)"))
            }
            var fields: [String: CacheValue] = [:]
            for (field, fieldValue) in fieldsJSON {
                do throws(GraphQLCacheError) {
                    let value = try RecordJSON.cacheValue(from: fieldValue, context: "\(key).\(field)")
                    if fields.updateValue(value, forKey: field) != nil,
                       let clash = ExactUTF8.fieldNameClash(in: fields, with: field) {
                        throw GraphQLCacheError.brokenRecord(BrokenRecord(key: CacheKey(key), reason: clash))
                    }
                } catch .brokenRecord(let broken) {
                    throw .invalidSnapshot(source: nil, problem: .badRecord(key: key, field: field, reason: broken.reason))
                }
            }
            set.merge(record: Record(key: CacheKey(key), fields))
        }
        return set
    }
}
