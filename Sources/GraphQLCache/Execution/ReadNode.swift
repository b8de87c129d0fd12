/// One object of a read kept for incremental watches: the record it was read from, the
/// selections read there, the data they gave and what the read found on the way (misses,
/// guesses, dependencies), with the objects it references as child nodes.
///
/// Why: a watch over 100,000 items used to re-read all of them after every change that touched
/// one (as Apollo's `GraphQLQueryWatcher` does). Kept as a tree, a change re-reads only the nodes
/// whose record fields it touched and splices their new data into their ancestors
/// (`WatchTree`). A node whose selections merge two fields into one response name, or defer a
/// fragment, cannot have its parts replaced one by one: it is read `inline`, children and all,
/// and re-read whole.
final class ReadNode {
    /// The record the node's object was read from.
    let key: CacheKey
    let selections: SelectionSetPlan
    let staticType: String?
    /// Where the object is in the response.
    let path: [PathComponent]
    /// The node whose data holds this one's; nil for the root.
    weak var parent: ReadNode?
    /// What the node's last read found.
    var contents: Contents
    /// The patch in which the node was last read, so one patch reads a node once.
    var generation = 0
    /// False once an ancestor's re-read dropped the node.
    var attached = true

    init(key: CacheKey, selections: SelectionSetPlan, staticType: String?, path: [PathComponent], contents: Contents) {
        self.key = key
        self.selections = selections
        self.staticType = staticType
        self.path = path
        self.contents = contents
    }

    /// What one read of a node found.
    struct Contents {
        /// The object, children's data included.
        var data = JSONObject()
        /// Misses, guesses and other findings of the node itself (not of its children).
        var own = ReadFindings()
        /// Where the node's own findings stand among its children, for document order.
        var boundaries: [Boundary] = []
        /// Objects referenced from this one, in document order.
        var children: [ReadNode] = []
        /// The field keys the node looked up, by record (its own record only, unless inline),
        /// each record once (`NodeLookups`).
        var lookups = NodeLookups()
        /// Records the node found absent (missing records, targets of dangling references).
        var absent: Set<CacheKey> = []
        /// Values the read put in the result, children's included (`CacheLimits`).
        var values = 0
        /// Findings of the node and all its descendants.
        var subtreeFindings = 0
        /// Read children and all, not split into child nodes.
        var inline = false
        /// What the node's own lists left out (`listElementLimit`), children's lists not
        /// included: the tree adds every node's up.
        var elided = ElidedCounts()
    }

    /// How many own findings of each kind came before child number `child`.
    struct Boundary {
        let child: Int
        let counts: ReadFindings.Counts
    }

    /// The depth of the node (the root is 0), counted in path components.
    var depth: Int { path.count }
}

/// What a read records besides data and dependencies, in document order: the parts of a
/// `ReadResult` that a node contributes.
struct ReadFindings {
    var misses: [CacheMiss] = []
    var guesses: [TypeGuess] = []
    var pending: [PendingFragment] = []
    var filledAbsent: [[PathComponent]] = []
    var addedTypenames: [([PathComponent], String)] = []

    /// How many findings of each kind there are.
    struct Counts: Equatable {
        var misses = 0, guesses = 0, pending = 0, filledAbsent = 0, addedTypenames = 0
    }

    var counts: Counts {
        Counts(misses: misses.count, guesses: guesses.count, pending: pending.count, filledAbsent: filledAbsent.count,
               addedTypenames: addedTypenames.count)
    }

    /// Findings of every kind together.
    var total: Int { misses.count + guesses.count + pending.count + filledAbsent.count + addedTypenames.count }

    /// Appends `other`'s findings from `start` up to `end`, kind by kind.
    mutating func append(_ other: ReadFindings, from start: Counts, to end: Counts) {
        misses += other.misses[start.misses..<end.misses]
        guesses += other.guesses[start.guesses..<end.guesses]
        pending += other.pending[start.pending..<end.pending]
        filledAbsent += other.filledAbsent[start.filledAbsent..<end.filledAbsent]
        addedTypenames += other.addedTypenames[start.addedTypenames..<end.addedTypenames]
    }
}
