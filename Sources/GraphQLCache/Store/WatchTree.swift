/// A watch's last read kept as a tree of `ReadNode`s, so that a change costs what it touched:
/// the nodes that looked up a changed field (or found a now-added record absent, or read a
/// removed one) are read again, each reusing the children it still references, and their new
/// data is put back into their ancestors. The result is assembled from the nodes and equals a
/// from-scratch read of the same records.
///
/// What cannot be decided inside one node goes up: a node whose record is gone is dropped by
/// re-reading its parent (which then finds a dangling reference); a list whose elements moved
/// re-reads the node holding it, reusing the children still at their paths. When the root
/// itself is gone, or the result would pass `CacheLimits.maximumResultValues`, `patch` returns
/// nil and the watcher reads the whole query again.
///
/// Under `ReadOptions.listElementLimit`, only the elements a list shows are nodes: the ones it
/// leaves out are read inline by the node holding the list, which looks up their fields and
/// counts them (`Contents.elided`). So a change inside a shown element patches it alone, and a
/// change inside a left-out one re-reads the list's node (the list's subtree, shown elements
/// reused), whose counts are then made afresh. The tree's counts are its nodes' added up.
///
/// Used by one watcher under its lock only (hence `@unchecked Sendable`).
final class WatchTree: @unchecked Sendable {
    private let query: GraphQLOperation
    private let configuration: CacheConfiguration
    private let options: ReadOptions
    private let root: ReadNode
    /// The nodes listed under each record they looked up or found absent; built by the first
    /// patch (`indexIfNeeded`), not by the first read.
    private var index = WatchTreeIndex()
    /// Whether `index` lists the tree's nodes yet.
    ///
    /// Why lazily: listing 100,000 items' nodes by record took a sixth of a watch's first
    /// read (a table of 100,000 entries, made and later freed), which a watch that is never
    /// patched, or is cancelled first, never uses. The first change pays it once instead.
    private var isIndexed = false
    /// How many nodes the first read made: the room the index makes at once.
    private let firstNodeCount: Int
    /// What the whole read depends on: every node's lookups together.
    private var dependencies: FieldDependencies
    /// What the read left out (`listElementLimit`): every attached node's counts added up.
    private var elided = ElidedCounts()
    private var generation = 0

    private init(query: GraphQLOperation, configuration: CacheConfiguration, options: ReadOptions, root: ReadNode,
                 nodeCount: Int) {
        self.query = query
        self.configuration = configuration
        self.options = options
        self.root = root
        firstNodeCount = nodeCount
        var first = WatchTreeIndex.FirstRead(nodeCount: nodeCount)
        first.add(root)
        dependencies = first.dependencies()
        elided = first.elided
    }

    /// Reads `query` whole from `source`, as a tree when it can be one (its root record is
    /// there); the tree is nil otherwise and the result is the plain read's.
    static func read(_ query: GraphQLOperation, executor: GraphQLExecutor, options: ReadOptions,
                     source: any RecordSource) throws -> (ReadResult, WatchTree?) {
        let configuration = executor.configuration
        var reader = Reader(configuration: configuration, variables: query.variables, source: source, options: options)
        let rootType = executor.rootType(of: query)
        guard let record = try reader.record(query.rootKey) else {
            return (try reader.readAbsentRoot(query.rootKey, selections: query.selectionSet, rootType: rootType), nil)
        }
        let builder = ReadTreeBuilder(variables: query.variables)
        reader.tree = builder
        let root = try reader.readNode(record, selections: query.selectionSet, staticType: rootType, tree: builder)
        let tree = WatchTree(query: query, configuration: configuration, options: options, root: root,
                             nodeCount: builder.created.count)
        return (tree.result(), tree)
    }

    /// Applies a change that touched `fields` of the read, removed `removed` records it read
    /// and added or changed `records` it found absent; returns the new result, or nil when
    /// only a whole read can tell.
    func patch(fields: Set<FieldKey>, removed: Set<CacheKey>, records: Set<CacheKey>,
               source: any RecordSource) throws -> ReadResult? {
        indexIfNeeded()
        generation += 1
        let source = PatchSource(source)
        var dirty = DirtyNodes()
        for key in fields { index.nodes(reading: key.field, of: key.record) { dirty.insert($0) } }
        for record in removed { index.forEach(under: record) { node, _ in dirty.insert(node) } }
        for record in records {
            index.forEach(under: record) { node, _ in if node.contents.absent.contains(record) { dirty.insert(node) } }
        }
        var touched = Set<CacheKey>()
        for node in dirty.byDepth where node.attached && node.generation != generation {
            guard try reread(node, dirty: dirty, source: source, touched: &touched) else { return nil }
        }
        guard root.contents.values <= configuration.limits.maximumResultValues else { return nil }
        for record in touched { refreshDependencies(of: record) }
        return result()
    }

    /// The records one patch loads one at a time, each once: a record many nodes read (an
    /// owner shared by 700 items) is loaded for the first and found again for the others.
    /// Batches (a list's prefetch) go straight through, so that a long list read again keeps
    /// the reader's bound on the records held at once.
    private final class PatchSource: RecordSource, @unchecked Sendable {
        private let base: any RecordSource
        private var loaded: [CacheKey: Record?] = [:]

        init(_ base: any RecordSource) { self.base = base }

        func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
            guard keys.count == 1 else { return try base.loadRecords(forKeys: keys) }
            var found: [CacheKey: Record] = [:]
            var missing = Set<CacheKey>()
            for key in keys {
                if let known = loaded[key] { found[key] = known } else { missing.insert(key) }
            }
            guard !missing.isEmpty else { return found }
            let fresh = try base.loadRecords(forKeys: missing)
            for key in missing {
                loaded[key] = .some(fresh[key])
                found[key] = fresh[key]
            }
            return found
        }
    }

    /// The nodes a change touched, each once.
    private struct DirtyNodes {
        private var seen = Set<ObjectIdentifier>()
        private var nodes: [ReadNode] = []

        mutating func insert(_ node: ReadNode) {
            if seen.insert(ObjectIdentifier(node)).inserted { nodes.append(node) }
        }

        func contains(_ node: ReadNode) -> Bool { seen.contains(ObjectIdentifier(node)) }

        /// Shallow nodes first, so a re-read parent reads its touched children with it.
        var byDepth: [ReadNode] { nodes.sorted { $0.depth < $1.depth } }
    }

    /// Reads `node` again (its parent instead when its record is gone) and puts the new data in
    /// place; false when the root record is gone.
    private func reread(_ node: ReadNode, dirty: DirtyNodes, source: any RecordSource,
                        touched: inout Set<CacheKey>) throws -> Bool {
        var target = node
        var record = try source.loadRecords(forKeys: [target.key])[target.key]
        while record == nil {
            guard let parent = target.parent else { return false }
            target = parent
            record = try source.loadRecords(forKeys: [target.key])[target.key]
        }
        guard let record else { return false }
        var reader = Reader(configuration: configuration, variables: query.variables, source: source, options: options)
        reader.path = target.path
        let builder = ReadTreeBuilder(variables: query.variables)
        // A touched child not yet read again in this patch is read afresh with its parent.
        builder.offer(target.contents.children.lazy.filter { !dirty.contains($0) || $0.generation == self.generation })
        reader.tree = builder
        let contents = try reader.readContents(record, selections: target.selections, staticType: target.staticType,
                                               tree: builder)
        for created in builder.created { created.generation = generation }
        replace(target, with: contents, touched: &touched)
        return true
    }

    /// Puts `contents` in `node`: drops the children it no longer has, lists the new ones, and
    /// carries the new data and counts up to the root.
    private func replace(_ node: ReadNode, with contents: ReadNode.Contents, touched: inout Set<CacheKey>) {
        let old = node.contents
        unindex(node, touched: &touched)
        let kept = Set(contents.children.map(ObjectIdentifier.init))
        for child in old.children where !kept.contains(ObjectIdentifier(child)) { detach(child, touched: &touched) }
        node.contents = contents
        node.generation = generation
        let oldChildren = Set(old.children.map(ObjectIdentifier.init))
        for child in contents.children {
            child.parent = node
            if !oldChildren.contains(ObjectIdentifier(child)) { indexSubtree(child, touched: &touched) }
        }
        index(node, touched: &touched)
        let values = contents.values - old.values
        let findings = contents.subtreeFindings - old.subtreeFindings
        var child = node
        while let parent = child.parent {
            parent.contents.values += values
            parent.contents.subtreeFindings += findings
            parent.contents.data.replaceValue(at: child.path[parent.path.count...], with: .object(child.contents.data))
            child = parent
        }
    }

    /// The result the tree holds now, findings in document order.
    func result() -> ReadResult {
        var findings = ReadFindings()
        if root.contents.subtreeFindings > 0 { Self.collect(root, into: &findings) }
        var result = ReadResult(data: root.contents.data, misses: findings.misses, dependencies: dependencies,
                                guesses: findings.guesses)
        result.pending = findings.pending
        result.elided = elided
        result.filledAbsent = findings.filledAbsent
        result.addedTypenames = findings.addedTypenames
        return result
    }

    /// `node`'s findings and its descendants', in the order a plain read makes them.
    private static func collect(_ node: ReadNode, into out: inout ReadFindings) {
        let contents = node.contents
        var done = ReadFindings.Counts()
        var boundaries = contents.boundaries[...]
        for (position, child) in contents.children.enumerated() {
            while let boundary = boundaries.first, boundary.child <= position {
                out.append(contents.own, from: done, to: boundary.counts)
                done = boundary.counts
                boundaries = boundaries.dropFirst()
            }
            if child.contents.subtreeFindings > 0 { collect(child, into: &out) }
        }
        out.append(contents.own, from: done, to: contents.own.counts)
    }
}

/// The index from records to nodes, and the dependencies kept from it.
extension WatchTree {
    /// Lists every node of the tree, the first time a patch needs them (no record is touched
    /// yet: the dependencies and counts were made by the first read).
    func indexIfNeeded() {
        guard !isIndexed else { return }
        isIndexed = true
        index.reserve(records: firstNodeCount)
        indexSubtree(root)
    }

    private func indexSubtree(_ node: ReadNode) {
        index.add(node)
        for child in node.contents.children { indexSubtree(child) }
    }

    private func indexSubtree(_ node: ReadNode, touched: inout Set<CacheKey>) {
        index(node, touched: &touched)
        for child in node.contents.children { indexSubtree(child, touched: &touched) }
    }

    private func index(_ node: ReadNode, touched: inout Set<CacheKey>) {
        elided.add(node.contents.elided, sign: 1)
        index.add(node)
        Self.records(of: node, into: &touched)
    }

    private func unindex(_ node: ReadNode, touched: inout Set<CacheKey>) {
        elided.add(node.contents.elided, sign: -1)
        index.remove(node)
        Self.records(of: node, into: &touched)
    }

    /// The records `node` is listed under, whose dependencies a patch then makes again.
    private static func records(of node: ReadNode, into touched: inout Set<CacheKey>) {
        node.contents.lookups.forEach { record, _ in touched.insert(record) }
        touched.formUnion(node.contents.absent)
    }

    /// Takes `node` and its descendants out of the tree.
    private func detach(_ node: ReadNode, touched: inout Set<CacheKey>) {
        node.attached = false
        unindex(node, touched: &touched)
        for child in node.contents.children where child.parent === node { detach(child, touched: &touched) }
    }

    /// Sets the names `record` is depended on for from the nodes listed under it.
    private func refreshDependencies(of record: CacheKey) {
        let names = index.names(on: record)
        if dependencies.names(of: record) != names { dependencies.setNames(names, of: record) }
    }
}
