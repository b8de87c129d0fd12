/// One field of one record: the unit that merges report as changed and watchers depend on.
///
/// Kept as a structure everywhere inside the library; `record.field` is only how it prints.
/// (Apollo iOS passes dotted strings and must split them back apart, which breaks on arguments
/// that contain a dot.)
public struct FieldKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The record holding the field.
    public let record: CacheKey
    /// The field key inside the record: `name`, or `hero(episode:JEDI)` with arguments.
    public let field: String

    public init(record: CacheKey, field: String) {
        self.record = record
        self.field = field
    }

    /// `record.field`, the form Apollo prints and the harness reports.
    public var description: String { record.rawValue + "." + field }

    /// Equal when the record keys and the field names hold the same UTF-8 bytes (`ExactUTF8`).
    public static func == (lhs: FieldKey, rhs: FieldKey) -> Bool {
        lhs.record == rhs.record && ExactUTF8.equal(lhs.field, rhs.field)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(record)
        ExactUTF8.hash(field, into: &hasher)
    }

    /// Sorted as their printed forms' bytes sort, the order the harness lists them in.
    public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool {
        ExactUTF8.precedes(lhs.description, rhs.description)
    }
}
