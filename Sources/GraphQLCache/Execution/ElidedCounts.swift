/// What a read left out of its data under `ReadOptions.listElementLimit`, counted by grouped
/// path (indices as `*`): the objects at each path and the elements of the lists at each path,
/// so that a miss group still says `N of M` with M over every element, kept or not.
///
/// Counted as a tree of paths below each list that left elements out, its children found by a
/// member's position (the elements of one list come from one selection, in one order): counting
/// an element left out costs a walk of it and no hashing (a dictionary of path arrays cost 7,500
/// instructions an item, a tenth of its read).
///
/// An incremental watch keeps one count per node of its tree and adds them up (`add`), taking
/// a node's away when it is read again, so two counts are equal when they count the same at
/// every path, however their nodes were made.
public struct ElidedCounts: Sendable, Equatable {
    private struct Node: Sendable, Equatable {
        let step: ResultPathStep
        var objects = 0
        var elements = 0
        /// Children by position among an object's members that are objects or lists, or the one
    /// child of a list (its elements).
        var children: [Int] = []
    }

    private var nodes: [Node] = []
    /// The node of each list's elements that left some out, by its grouped path.
    private var roots: [[ResultPathStep]: Int] = [:]
    /// How many list elements were left out.
    public private(set) var elementCount = 0

    public init() {}

    /// Whether nothing was left out.
    public var isEmpty: Bool { elementCount == 0 }

    /// Objects left out at `path` (inside the elements left out).
    public func objects(at path: [ResultPathStep]) -> Int { sum(at: path, \.objects) }

    /// Elements of lists left out at `path` (inside the elements left out).
    public func elements(at path: [ResultPathStep]) -> Int { sum(at: path, \.elements) }

    /// The node for the elements of the list at `path` (an element's path, its index last),
    /// made on first use: a reader asks once per list, then counts its elements under it.
    mutating func root(for path: [PathComponent]) -> Int {
        let steps = path.map { component -> ResultPathStep in
            if case .field(let name) = component { return .field(name) }
            return .anyIndex
        }
        if let root = roots[steps] { return root }
        nodes.append(Node(step: .anyIndex))
        roots[steps] = nodes.count - 1
        return nodes.count - 1
    }

    /// Counts a list element left out, `value`, under `root`.
    mutating func count(_ value: JSONValue, root: Int) {
        elementCount += 1
        count(value, at: root, sign: 1)
    }

    private mutating func count(_ value: JSONValue, at node: Int, sign: Int) {
        switch value {
        case .object(let object):
            nodes[node].objects += sign
            var ordinal = 0
            for (name, member) in object where member.objectValue != nil || member.arrayValue != nil {
                count(member, at: child(of: node, ordinal, .field(name)), sign: sign)
                ordinal += 1
            }
        case .array(let items):
            nodes[node].elements += items.count * sign
            let elements = child(of: node, 0, .anyIndex)
            for item in items where item.objectValue != nil || item.arrayValue != nil { count(item, at: elements, sign: sign) }
        default:
            break
        }
    }

    /// Adds (`sign` 1) or takes away (`sign` -1) everything `other` counted.
    mutating func add(_ other: ElidedCounts, sign: Int) {
        guard !other.nodes.isEmpty else { return }
        elementCount += other.elementCount * sign
        for (steps, otherRoot) in other.roots {
            let mine: Int
            if let known = roots[steps] {
                mine = known
            } else {
                nodes.append(Node(step: .anyIndex))
                mine = nodes.count - 1
                roots[steps] = mine
            }
            add(other, otherRoot, into: mine, sign: sign)
        }
    }

    private mutating func add(_ other: ElidedCounts, _ from: Int, into node: Int, sign: Int) {
        nodes[node].objects += other.nodes[from].objects * sign
        nodes[node].elements += other.nodes[from].elements * sign
        for (position, child) in other.nodes[from].children.enumerated() {
            add(other, child, into: self.child(of: node, position, other.nodes[child].step), sign: sign)
        }
    }

    /// Whether `lhs` and `rhs` left out as many elements and count as many objects and
    /// elements at every path.
    public static func == (lhs: ElidedCounts, rhs: ElidedCounts) -> Bool {
        lhs.elementCount == rhs.elementCount && lhs.totals == rhs.totals
    }

    /// The counts by full grouped path, zeros left out.
    private var totals: [[ResultPathStep]: [Int]] {
        var totals: [[ResultPathStep]: [Int]] = [:]
        func walk(_ node: Int, _ path: [ResultPathStep]) {
            let counts = [nodes[node].objects, nodes[node].elements]
            if counts != [0, 0] {
                let sum = totals[path] ?? [0, 0]
                totals[path] = [sum[0] + counts[0], sum[1] + counts[1]]
            }
            for child in nodes[node].children { walk(child, path + [nodes[child].step]) }
        }
        for (steps, root) in roots { walk(root, steps) }
        return totals.filter { $0.value != [0, 0] }
    }

    /// The child of `node` at `position` for `step`: found by position when its step matches,
    /// else among the others (objects of another shape), else made (at the end).
    private mutating func child(of node: Int, _ position: Int, _ step: ResultPathStep) -> Int {
        let children = nodes[node].children
        if position < children.count, nodes[children[position]].step == step { return children[position] }
        if let found = children.first(where: { nodes[$0].step == step }) { return found }
        nodes.append(Node(step: step))
        let made = nodes.count - 1
        nodes[node].children.append(made)
        return made
    }

    /// The count at `path` summed over every list whose elements hold it.
    private func sum(at path: [ResultPathStep], _ count: KeyPath<Node, Int>) -> Int {
        var total = 0
        for (rootPath, root) in roots where rootPath.count <= path.count && Array(path.prefix(rootPath.count)) == rootPath {
            var node: Int? = root
            for step in path.dropFirst(rootPath.count) {
                node = node.flatMap { current in nodes[current].children.first { nodes[$0].step == step } }
            }
            if let node { total += nodes[node][keyPath: count] }
        }
        return total
    }
}
