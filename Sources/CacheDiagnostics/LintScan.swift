import GraphQLCache

/// What `CacheLint` gathers in its one pass over the records: every readable row and its
/// references as numbers (`ReferenceGraph`), broken rows, records without `__typename`,
/// path-keyed objects by type, and the cache ids path-keyed objects would have. Nothing is kept
/// of a record beyond that.
///
/// Why the graph: a map of every key to its number and an array of every reference as a
/// `CacheKey` hashed each key three times (the map, the dangling check, the walk from the roots)
/// and held a `String` per key; the graph interns keys by their bytes once.
struct LintScan {
    /// Path-keyed records of one typename.
    struct PathKeyed {
        var count = 0
        var withKeyFields = 0
        var examples: [CacheKey] = []
    }

    let schema: CacheSchema?
    /// Readable rows (broken rows are left out: references to them dangle) and their references.
    var graph = ReferenceGraph()
    private(set) var broken: [BrokenRecord] = []
    private(set) var withoutTypename: [CacheKey] = []
    private(set) var withoutTypenameCount = 0
    private(set) var pathKeyed: [String: PathKeyed] = [:]
    private(set) var idKeyedTypes: Set<String> = []
    /// The typename last added to `idKeyedTypes`, so that a run of records of one type is not
    /// hashed once a record.
    private var lastIDKeyedType: String?
    /// Path-keyed records that carry their key fields, with the cache id they would have.
    private(set) var candidates: [(path: CacheKey, id: CacheKey, typename: String)] = []

    init(schema: CacheSchema?) { self.schema = schema }

    /// Adds a decoded row (or a broken one) of a cache read record by record.
    mutating func add(_ result: ScannedRow) {
        switch result {
        case .broken(let broken): self.broken.append(broken)
        case .record(let record):
            graph.addRow(record)
            add(key: record.key, typename: record.typename, record: record)
        }
    }

    /// Adds a row a `LintRowScanning` cache read (its references are in `graph` already).
    mutating func add(_ row: LintRow) {
        switch row {
        case .broken(let broken): self.broken.append(broken)
        case let .record(key, typename, record): add(key: key, typename: typename, record: record)
        }
    }

    /// Notes a readable row's key and typename; `record` is needed when the key is a path.
    private mutating func add(key: CacheKey, typename: String?, record: Record?) {
        guard !key.isRoot else { return }
        guard let typename else {
            withoutTypenameCount += 1
            if withoutTypename.count < LintFinding.keyLimit { withoutTypename.append(key) }
            return
        }
        if KeyShape.isPathKey(key) {
            guard let record else { preconditionFailure("a path-keyed row comes with its record") }
            addPathKeyed(record, typename: typename)
        } else if typename != lastIDKeyedType, KeyShape.idTypename(key) != nil {
            idKeyedTypes.insert(typename)
            lastIDKeyedType = typename
        }
    }

    private mutating func addPathKeyed(_ record: Record, typename: String) {
        let keyFields = schema?.keyFields(for: typename) ?? ["id"]
        var texts: [String] = []
        for field in keyFields {
            guard let value = record.fields[field], let text = FieldKeyArguments.keyText(RecordJSON.jsonValue(value)) else { break }
            texts.append(text)
        }
        var entry = pathKeyed[typename] ?? PathKeyed()
        entry.count += 1
        if entry.examples.count < LintFinding.keyLimit { entry.examples.append(record.key) }
        if texts.count == keyFields.count {
            entry.withKeyFields += 1
            candidates.append((record.key, CacheKey(typename + ":" + texts.joined(separator: "+")), typename))
        }
        pathKeyed[typename] = entry
    }

    /// How many records no root reaches, and the keys of the first `limit` in reading order.
    func unreachable(limit: Int) -> (count: Int, keys: [CacheKey]) {
        let reached = graph.reachedFromRoots()
        var count = 0
        var keys: [CacheKey] = []
        for node in graph.rowOrder where !reached[Int(node)] {
            count += 1
            if keys.count < limit { keys.append(graph.key(of: Int(node))) }
        }
        return (count, keys)
    }

    /// References to absent records: how many, and example (from, to) pairs in reading order.
    func dangling() -> (count: Int, examples: [(from: CacheKey, to: CacheKey)]) {
        var count = 0
        var examples: [(from: CacheKey, to: CacheKey)] = []
        for node in graph.rowOrder {
            for target in graph.edges(of: Int(node)) where !graph.isPresent[Int(target)] {
                count += 1
                if examples.count < LintFinding.keyLimit { examples.append((graph.key(of: Int(node)), graph.key(of: Int(target)))) }
            }
        }
        return (count, examples)
    }
}
