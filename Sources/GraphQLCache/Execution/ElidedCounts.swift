/// What a read left out of its data under `ReadOptions.listElementLimit`, counted by grouped
/// path (indices as `*`): the objects at each path and the elements of the lists at each path,
/// so that a miss group still says `N of M` with M over every element, kept or not.
///
/// Counted as a tree of paths below each list that left elements out, its children found by a
/// member's position (the elements of one list come from one selection, in one order): counting
/// an element left out costs a walk of it and no hashing (a dictionary of path arrays cost 7,500
/// instructions an item, a tenth of its read).
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
        count(value, at: root)
    }

    private mutating func count(_ value: JSONValue, at node: Int) {
        switch value {
        case .object(let object):
            nodes[node].objects += 1
            var ordinal = 0
            for (name, member) in object where member.objectValue != nil || member.arrayValue != nil {
                count(member, at: child(of: node, ordinal, .field(name)))
                ordinal += 1
            }
        case .array(let items):
            nodes[node].elements += items.count
            let elements = child(of: node, 0, .anyIndex)
            for item in items where item.objectValue != nil || item.arrayValue != nil { count(item, at: elements) }
        default:
            break
        }
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
