import GraphQLCache

/// What `CacheLint` gathers in its one pass over the records: keys (numbered, for the graph),
/// references, broken rows, records without `__typename`, path-keyed objects by type, and the
/// cache ids path-keyed objects would have. Nothing is kept of a record beyond that.
struct LintScan {
    /// Path-keyed records of one typename.
    struct PathKeyed {
        var count = 0
        var withKeyFields = 0
        var examples: [CacheKey] = []
    }

    let schema: CacheSchema?
    private(set) var index: [CacheKey: Int32] = [:]
    private(set) var keys: [CacheKey] = []
    /// References of record `i` are `targets[starts[i] ..< starts[i + 1]]`.
    private(set) var starts: [Int] = [0]
    private(set) var targets: [CacheKey] = []
    private(set) var broken: [BrokenRecord] = []
    private(set) var withoutTypename: [CacheKey] = []
    private(set) var withoutTypenameCount = 0
    private(set) var pathKeyed: [String: PathKeyed] = [:]
    private(set) var idKeyedTypes: Set<String> = []
    /// Path-keyed records that carry their key fields, with the cache id they would have.
    private(set) var candidates: [(path: CacheKey, id: CacheKey, typename: String)] = []

    init(schema: CacheSchema?) { self.schema = schema }

    mutating func add(_ result: ScannedRow) {
        switch result {
        case .broken(let broken): self.broken.append(broken)
        case .record(let record): add(record)
        }
    }

    private mutating func add(_ record: Record) {
        index[record.key] = Int32(keys.count)
        keys.append(record.key)
        targets.append(contentsOf: record.referencedKeys)
        starts.append(targets.count)
        guard !record.key.isRoot else { return }
        guard let typename = record.typename else {
            withoutTypenameCount += 1
            if withoutTypename.count < LintFinding.keyLimit { withoutTypename.append(record.key) }
            return
        }
        if KeyShape.isPathKey(record.key) {
            addPathKeyed(record, typename: typename)
        } else if KeyShape.idTypename(record.key) != nil {
            idKeyedTypes.insert(typename)
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

    /// Indices of the records no root reaches.
    func unreachable() -> [Int] {
        var reached = [Bool](repeating: false, count: keys.count)
        var pending = [CacheKey.queryRoot, .mutationRoot, .subscriptionRoot].compactMap { index[$0] }
        while let node = pending.popLast() {
            let at = Int(node)
            guard !reached[at] else { continue }
            reached[at] = true
            for target in targets[starts[at]..<starts[at + 1]] {
                if let next = index[target], !reached[Int(next)] { pending.append(next) }
            }
        }
        return reached.indices.filter { !reached[$0] }
    }

    /// References to absent records: how many, and example (from, to) pairs.
    func dangling() -> (count: Int, examples: [(from: CacheKey, to: CacheKey)]) {
        var count = 0
        var examples: [(from: CacheKey, to: CacheKey)] = []
        for at in keys.indices {
            for target in targets[starts[at]..<starts[at + 1]] where index[target] == nil {
                count += 1
                if examples.count < LintFinding.keyLimit { examples.append((keys[at], target)) }
            }
        }
        return (count, examples)
    }
}
