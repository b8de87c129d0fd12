import GraphQLCache

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
    package mutating func add(key: CacheKey, _ shape: RecordShape) {
        guard let typename = shape.typename ?? KeyShape.rootTypename(key) else { return }
        var entry = types.removeValue(forKey: typename) ?? TypeEntry()
        entry.records += 1
        if KeyShape.isPathKey(key) { entry.pathKeyed += 1 }
        if lastFieldKeys[typename] != shape.fieldKeys {
            for field in shape.fieldKeys { entry.fieldNames.insert(KeyShape.fieldName(of: field)) }
            lastFieldKeys[typename] = shape.fieldKeys
        }
        types[typename] = entry
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
