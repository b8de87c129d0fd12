/// One pass over a cache's records, kept small: per typename, how many records there are, which
/// field names (arguments stripped) any of them holds, and which of them are stored under path
/// keys. `MissDiagnoser` asks it whether a field was ever fetched (`neverFetched`) and whether a
/// type is keyed elsewhere (`noCacheId`).
public struct RecordCensus: Sendable, Equatable {
    /// What the census knows of one typename.
    public struct TypeEntry: Sendable, Equatable {
        /// Records of the type.
        public var records = 0
        /// Records of the type stored under a path key (`QUERY_ROOT.hero`).
        public var pathKeyed = 0
        /// Field names any record of the type holds (`friends` for `friends(first:2)`).
        public var fieldNames: Set<String> = []
    }

    /// Entries by typename.
    public private(set) var types: [String: TypeEntry] = [:]
    /// The field keys last counted per typename: records of a type mostly hold the same ones,
    /// and an equal list needs no hashing into `fieldNames` again.
    private var lastFieldKeys: [String: [String]] = [:]

    public init() {}

    /// Two censuses are equal when they counted the same (whatever order the records came in).
    public static func == (lhs: RecordCensus, rhs: RecordCensus) -> Bool { lhs.types == rhs.types }

    /// Counts one record.
    public mutating func add(_ record: Record) {
        add(key: record.key, RecordShape(record))
    }

    /// Counts one record known by its shape.
    public mutating func add(key: CacheKey, _ shape: RecordShape) {
        guard let typename = shape.typename ?? Self.rootTypename(key) else { return }
        var entry = types.removeValue(forKey: typename) ?? TypeEntry()
        entry.records += 1
        if KeyShape.isPathKey(key) { entry.pathKeyed += 1 }
        if lastFieldKeys[typename] != shape.fieldKeys {
            for field in shape.fieldKeys { entry.fieldNames.insert(KeyShape.fieldName(of: field)) }
            lastFieldKeys[typename] = shape.fieldKeys
        }
        types[typename] = entry
    }

    /// The operation type a root record holds (roots are stored without `__typename`).
    static func rootTypename(_ key: CacheKey) -> String? {
        switch key {
        case .queryRoot: return "Query"
        case .mutationRoot: return "Mutation"
        case .subscriptionRoot: return "Subscription"
        default: return nil
        }
    }

    /// A census of every readable record of `cache` (broken rows are lint's business).
    public static func of(_ cache: any BrowsableNormalizedCache) throws -> RecordCensus {
        var census = RecordCensus()
        if let scanning = cache as? RecordShapeScanning {
            try scanning.forEachRecordShape { key, shape in census.add(key: key, shape) }
            return census
        }
        try cache.forEachRecord { result in
            if case .record(let record) = result { census.add(record) }
        }
        return census
    }
}

/// How keys and field keys are shaped, for diagnoses (never used to read or write).
public enum KeyShape {
    /// Whether a record key is a response path (`QUERY_ROOT.hero`, `Droid:2001.friends.0`)
    /// rather than a cache id: it continues a root, or a `Type:id`, with a `.`. (An id that itself
    /// holds a `.`, such as an e-mail address, reads as a path: diagnoses may then say too much,
    /// never too little.)
    public static func isPathKey(_ key: CacheKey) -> Bool {
        let text = key.rawValue
        for root in ["QUERY_ROOT.", "MUTATION_ROOT.", "SUBSCRIPTION_ROOT."] where text.utf8.starts(with: root.utf8) { return true }
        // Searched as UTF-8 (`:` and `.` are ASCII): a census asks this of every record.
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
              let dot = utf8[colon...].firstIndex(of: UInt8(ascii: ".")) else { return false }
        let typename = text[..<colon]
        return !typename.isEmpty && typename.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && utf8.index(after: dot) < utf8.endIndex
    }

    /// The field name of a field key: `human` for `human(id:1000)`.
    public static func fieldName(of fieldKey: String) -> String {
        guard let paren = fieldKey.utf8.firstIndex(of: UInt8(ascii: "(")) else { return fieldKey }
        return String(fieldKey[..<paren])
    }

    /// The typename part of a cache id (`Droid` for `Droid:2001`); nil for roots and paths.
    public static func idTypename(_ key: CacheKey) -> String? {
        guard !key.isRoot, !isPathKey(key), let colon = key.rawValue.firstIndex(of: ":") else { return nil }
        return String(key.rawValue[..<colon])
    }
}
