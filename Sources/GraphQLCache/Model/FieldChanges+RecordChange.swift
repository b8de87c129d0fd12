extension FieldChanges {
    /// The changed fields of one record.
    public struct RecordChange: Sendable, Equatable {
        /// The record whose fields changed.
        public let record: CacheKey
        private let names: Names

        /// How the names are held: listed, or as the keys of a new record's own field dictionary.
        ///
        /// Why the second: a merge of new records changes every field of each, and listing their
        /// names in an array per record cost about a tenth of a one-thread merge of new records
        /// into SQLite beyond SQLite's own work (an allocation, a copy of each name). The
        /// dictionary is the record's own, shared, not copied; its keys are distinct.
        private enum Names: Sendable {
            case listed([String])
            case allOf([String: CacheValue])
        }

        /// The changed `fields` of `record`: distinct names.
        init(record: CacheKey, fields: [String]) {
            self.record = record
            names = .listed(fields)
        }

        /// Every field of `record`, whose fields are `fields`.
        init(record: CacheKey, allFieldsOf fields: [String: CacheValue]) {
            self.record = record
            names = .allOf(fields)
        }

        /// The changed field keys inside the record (`name`, `hero(episode:JEDI)`), each once,
        /// never empty. `==` compares them in order; `FieldChanges` compares as sets.
        public var fields: [String] {
            switch names {
            case .listed(let names): names
            case .allOf(let fields): Array(fields.keys)
            }
        }

        /// How many fields changed.
        var fieldCount: Int {
            switch names {
            case .listed(let names): names.count
            case .allOf(let fields): fields.count
            }
        }

        /// Whether `field` is one of the changed fields.
        func contains(field: String) -> Bool {
            switch names {
            case .listed(let names): names.contains(field)
            case .allOf(let fields): fields[field] != nil
            }
        }

        /// Walks the changed fields without listing them.
        func makeFieldIterator() -> FieldIterator {
            switch names {
            case .listed(let names): .listed(names.makeIterator())
            case .allOf(let fields): .allOf(fields.keys.makeIterator())
            }
        }

        public static func == (lhs: RecordChange, rhs: RecordChange) -> Bool {
            lhs.record == rhs.record && lhs.fields == rhs.fields
        }
    }

    /// The changed fields of one `RecordChange`, one by one.
    enum FieldIterator {
        case listed(IndexingIterator<[String]>)
        case allOf(Dictionary<String, CacheValue>.Keys.Iterator)

        mutating func next() -> String? {
            switch self {
            case .listed(var names):
                let name = names.next()
                self = .listed(names)
                return name
            case .allOf(var keys):
                let name = keys.next()
                self = .allOf(keys)
                return name
            }
        }
    }
}
