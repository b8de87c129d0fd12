import GraphQLCache

/// The snapshot file of DESIGN.md (`{KEY: record JSON}`, what the harness `records` op
/// returns): read by `explore --snapshot`, written by `:export`.
public enum SnapshotFile {
    /// Decodes a snapshot's bytes; `path` names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws -> RecordSet {
        let top: [String: CacheValue]
        do { top = try RecordJSON.decode(bytes, key: CacheKey(path)) } catch {
            throw ExplorerError.file(path: path, reason: "not a snapshot: \(error.reason)")
        }
        var set = RecordSet()
        for (key, value) in top {
            guard case .object(let fields) = value else {
                throw ExplorerError.file(path: path, reason: "record \"\(key)\" must be an object of fields, found \(value.kindName)")
            }
            set.merge(record: Record(key: CacheKey(key), fields))
        }
        return set
    }

    /// Encodes records as a snapshot, keys in natural order, one record per line.
    public static func encode(_ records: [Record]) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64 * records.count + 16)
        writer.raw(UInt8(ascii: "{"))
        for (index, record) in records.sorted(by: { $0.key < $1.key }).enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            writer.string(record.key.rawValue)
            writer.raw(UInt8(ascii: ":"))
            RecordJSON.write(record.fields, to: &writer)
        }
        writer.raw("\n}\n")
        return writer.bytes
    }
}
