/// A cache to share as a bug report (`cachelens extract`): the records one query reads, with the
/// operation, its variables and the schema texts beside them, so that `cachelens query BUNDLE`
/// reproduces the original's answer and misses, and `cachelens explore BUNDLE` opens it.
///
/// The file is a snapshot with one extra member first, `"$bundle"` (docs/COMMANDS.md): every
/// reader of snapshots skips it, so a bundle opens wherever a snapshot does.
public struct ReproBundle: Sendable, Equatable {
    /// The snapshot member that holds the header.
    public static let member = "$bundle"

    /// What the records were extracted for.
    public struct Header: Sendable, Equatable {
        /// The format's version (1).
        public var version = 1
        /// The GraphQL document.
        public var operation: String
        /// The operation to read when the document has several.
        public var operationName: String?
        /// The variables, as given.
        public var variables: JSONObject
        /// Schema and schema extension texts (`@typePolicy`, `@fieldPolicy`), in load order.
        public var schema: [String]
        /// The file the records came from (its name only).
        public var source: String
        /// Whether values were replaced (`--anonymize`).
        public var anonymized: Bool

        public init(operation: String, operationName: String?, variables: JSONObject, schema: [String],
                    source: String, anonymized: Bool) {
            self.operation = operation
            self.operationName = operationName
            self.variables = variables
            self.schema = schema
            self.source = source
            self.anonymized = anonymized
        }

        var json: JSONValue {
            .object(["version": .int(version), "operation": .string(operation),
                     "operationName": operationName.map(JSONValue.string) ?? .null,
                     "variables": .object(variables), "schema": .array(schema.map(JSONValue.string)),
                     "source": .string(source), "anonymized": .bool(anonymized)])
        }

        /// Reads the `"$bundle"` member's value; `source` names the file in errors.
        init(json: JSONValue, source: String) throws(GraphQLCacheError) {
            guard case .string(let operation)? = json["operation"] else {
                throw .invalidSnapshot(source: source, problem: .badRecord(
                    key: ReproBundle.member, field: "operation", reason: "a bundle needs its operation text"))
            }
            self.operation = operation
            if case .int(let number)? = json["version"] { version = number }
            operationName = json["operationName"]?.stringValue
            variables = json["variables"]?.objectValue ?? JSONObject()
            schema = json["schema"]?.arrayValue?.compactMap(\.stringValue) ?? []
            self.source = json["source"]?.stringValue ?? ""
            anonymized = json["anonymized"] == .bool(true)
        }
    }

    public var header: Header
    public var records: RecordSet

    public init(header: Header, records: RecordSet) {
        self.header = header
        self.records = records
    }

    /// The bundle file's bytes: the header first, then one record per line, keys sorted.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1 << 16)
        writer.raw("{\n")
        writer.string(Self.member)
        writer.raw(UInt8(ascii: ":"))
        writer.value(header.json)
        for record in records.records.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            writer.raw(",\n")
            writer.string(record.key.rawValue)
            writer.raw(UInt8(ascii: ":"))
            RecordJSON.write(record.fields, to: &writer)
        }
        writer.raw("\n}\n")
        return writer.bytes
    }

    /// The header of a snapshot file's bytes, or nil when the snapshot is not a bundle.
    public static func header<C: Collection>(in bytes: C, source: String) throws(GraphQLCacheError) -> Header?
    where C.Element == UInt8 {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes: bytes) } catch .invalidJSON(let syntax) {
            throw .invalidSnapshot(source: source, problem: .json(syntax))
        }
        guard let header = value[member] else { return nil }
        return try Header(json: header, source: source)
    }
}
