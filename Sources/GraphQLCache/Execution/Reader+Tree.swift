/// Reads that keep their objects as a tree of `ReadNode`s, for incremental watches: every
/// object reached through a reference becomes a child node holding its own data, findings and
/// lookups, so that a later change can re-read one node and keep the rest (`WatchTree`).
///
/// The read is the plain read's walk, field for field; only the bookkeeping differs, so a tree
/// read and a plain read of the same records give the same result.
extension Reader {
    /// Reads `selections` at `record` as a node at the current path.
    mutating func readNode(_ record: Record, selections: SelectionSetPlan, staticType: String?,
                           tree: ReadTreeBuilder) throws -> ReadNode {
        let contents = try readContents(record, selections: selections, staticType: staticType, tree: tree)
        let node = ReadNode(key: record.key, selections: selections, staticType: staticType, path: path, contents: contents)
        for child in contents.children { child.parent = node }
        tree.created.append(node)
        return node
    }

    /// What a node at `record` reads now: its data, its own findings, its children (reused
    /// where the tree offers them) and lookups. The reader's findings and frame are set aside
    /// meanwhile and put back after.
    mutating func readContents(_ record: Record, selections: SelectionSetPlan, staticType: String?,
                               tree: ReadTreeBuilder) throws -> ReadNode.Contents {
        let outer = takeFindings()
        let outerElided = elided
        elided = ElidedCounts()
        let outerFrame = frame
        frame = NodeFrame()
        let startValues = valueCount
        let inline = !tree.splits(selections)
        if inline { tree.inlineDepth += 1 }
        var data = JSONObject(minimumCapacity: selections.items.count)
        try readObject(record, selections: selections, staticType: staticType, into: &data)
        if inline { tree.inlineDepth -= 1 }
        var contents = ReadNode.Contents()
        contents.data = data
        contents.own = takeFindings()
        contents.boundaries = frame.boundaries
        contents.children = frame.children
        contents.lookups = frame.lookups.finish()
        contents.absent = Self.absentRecords(contents.own.misses)
        contents.values = valueCount - startValues
        contents.subtreeFindings = contents.children.reduce(contents.own.total) { $0 + $1.contents.subtreeFindings }
        contents.inline = inline
        contents.elided = elided
        elided = outerElided
        frame = outerFrame
        restoreFindings(outer)
        return contents
    }

    /// A reference completed as a child node: one the tree offers for this path and record,
    /// or a new one read now.
    mutating func completeNode(_ key: CacheKey, selections: SelectionSetPlan, _ context: FieldContext,
                               tree: ReadTreeBuilder) throws -> JSONValue? {
        let staticType = context.field.type?.namedType
        if let reused = tree.reuse(at: path, key: key, selections: selections, staticType: staticType) {
            valueCount += reused.contents.values
            try checkValueCount()
            attach(reused)
            return .object(reused.contents.data)
        }
        guard let target = try record(key) else {
            miss(.danglingReference, context, reference: key)
            return nil
        }
        let node = try readNode(target, selections: selections, staticType: staticType, tree: tree)
        attach(node)
        return .object(node.contents.data)
    }

    /// Notes that the read looked up `name` on `record`: in `dependencies` for a plain read, in
    /// the node being read for a tree's, once. The tree's dependencies are its nodes' lookups
    /// together (`WatchTreeIndex.dependencies`), so noting each lookup twice, as a watch's
    /// first read over 100,000 items did, cost a tenth of the read.
    mutating func lookedUp(_ name: String, on record: CacheKey) {
        guard let tree else { return dependencies.insert(name, of: record) }
        frame.lookups.insert(name, of: record, interner: &tree.interner)
    }

    /// Adds `node` as the next child of the node being read, noting how many own findings
    /// came before it.
    private mutating func attach(_ node: ReadNode) {
        let counts = ReadFindings.Counts(misses: misses.count, guesses: guesses.count, pending: pending.count,
                                         filledAbsent: filledAbsent.count, addedTypenames: addedTypenames.count)
        if counts != frame.boundaries.last?.counts ?? ReadFindings.Counts() {
            frame.boundaries.append(ReadNode.Boundary(child: frame.children.count, counts: counts))
        }
        frame.children.append(node)
    }

    /// The findings so far, leaving none.
    private mutating func takeFindings() -> ReadFindings {
        defer {
            misses = []
            guesses = []
            pending = []
            filledAbsent = []
            addedTypenames = []
        }
        return ReadFindings(misses: misses, guesses: guesses, pending: pending, filledAbsent: filledAbsent,
                            addedTypenames: addedTypenames)
    }

    private mutating func restoreFindings(_ findings: ReadFindings) {
        misses = findings.misses
        guesses = findings.guesses
        pending = findings.pending
        filledAbsent = findings.filledAbsent
        addedTypenames = findings.addedTypenames
    }

    /// Records that `misses` found absent: a watch must hear when one arrives.
    private static func absentRecords(_ misses: [CacheMiss]) -> Set<CacheKey> {
        var keys = Set<CacheKey>()
        for miss in misses {
            if miss.reason == .missingRecord { keys.insert(miss.recordKey) }
            if miss.reason == .danglingReference, let reference = miss.reference { keys.insert(reference) }
        }
        return keys
    }
}

/// The node being read: its children so far, where its own findings stand among them, and the
/// field keys it looked up.
struct NodeFrame {
    var children: [ReadNode] = []
    var boundaries: [ReadNode.Boundary] = []
    var lookups = NodeLookups()
}

/// What a tree read shares across its nodes: which selections may be split into child nodes,
/// the nodes a re-read may reuse, the interned lists of names its nodes look up, and the nodes
/// it made.
final class ReadTreeBuilder {
    /// Nodes being read inline (their children with them); no child node is made meanwhile.
    var inlineDepth = 0
    /// Nodes made by the read, new ones only.
    var created: [ReadNode] = []
    private var reusable: [[PathComponent]: ReadNode] = [:]
    private var reusableKeys: Set<CacheKey> = []
    private var splitsBySelections: [ObjectIdentifier: Bool] = [:]
    /// The lists of names the nodes' lookups share.
    var interner = FieldNamesInterner()
    private let variables: JSONObject

    init(variables: JSONObject) { self.variables = variables }

    /// Whether references are read as child nodes now.
    var splitting: Bool { inlineDepth == 0 }

    /// Offers `nodes` for reuse, each at its own path.
    func offer(_ nodes: some Sequence<ReadNode>) {
        for node in nodes {
            reusable[node.path] = node
            reusableKeys.insert(node.key)
        }
    }

    /// Whether a node of record `key` is offered (its record need not be loaded).
    func isReusable(_ key: CacheKey) -> Bool { !reusableKeys.isEmpty && reusableKeys.contains(key) }

    /// The offered node at `path`, when it was read from `key` through the same selections.
    func reuse(at path: [PathComponent], key: CacheKey, selections: SelectionSetPlan, staticType: String?) -> ReadNode? {
        guard !reusable.isEmpty, let node = reusable[path], node.key == key, node.selections === selections,
              node.staticType == staticType else { return nil }
        reusable[path] = nil
        return node
    }

    /// Whether an object read through `selections` can be split into child nodes: no two of
    /// its fields (in any fragment) share a response name, and no fragment is deferred. A
    /// merged field's value comes from several selections, and a deferred fragment's from
    /// all of its fields at once: neither can be patched one child at a time.
    func splits(_ selections: SelectionSetPlan) -> Bool {
        let id = ObjectIdentifier(selections)
        if let known = splitsBySelections[id] { return known }
        var names = Set<String>()
        let splits = Self.distinct(selections, &names, variables)
        splitsBySelections[id] = splits
        return splits
    }

    private static func distinct(_ selections: SelectionSetPlan, _ names: inout Set<String>, _ variables: JSONObject) -> Bool {
        for item in selections.items {
            switch item {
            case .field(let field):
                guard names.insert(field.responseName).inserted else { return false }
            case .typeCase(_, _, let deferral, let inner):
                if deferral?.isActive(variables) == true { return false }
                guard distinct(inner, &names, variables) else { return false }
            }
        }
        return true
    }
}
