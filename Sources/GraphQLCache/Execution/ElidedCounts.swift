/// What a read left out of its data under `ReadOptions.listElementLimit`, counted by grouped
/// path (indices as `*`): the objects at each path and the elements of the lists at each path,
/// so that a miss group still says `N of M` with M over every element, kept or not.
public struct ElidedCounts: Sendable, Equatable {
    private var objects: [[MissGroup.Step]: Int] = [:]
    private var elements: [[MissGroup.Step]: Int] = [:]
    /// How many list elements were left out.
    public private(set) var elementCount = 0

    public init() {}

    /// Whether nothing was left out.
    public var isEmpty: Bool { elementCount == 0 }

    /// Objects left out at `path` (inside the elements left out).
    public func objects(at path: [MissGroup.Step]) -> Int { objects[path] ?? 0 }

    /// Elements of lists left out at `path` (inside the elements left out).
    public func elements(at path: [MissGroup.Step]) -> Int { elements[path] ?? 0 }

    /// Counts a list element left out, `value`, found at `path`.
    mutating func count(_ value: JSONValue, at path: [PathComponent]) {
        elementCount += 1
        switch value {
        case .object, .array:
            var steps = path.map { component -> MissGroup.Step in
                if case .field(let name) = component { return .field(name) }
                return .anyIndex
            }
            count(value, steps: &steps)
        default:
            break
        }
    }

    private mutating func count(_ value: JSONValue, steps: inout [MissGroup.Step]) {
        switch value {
        case .object(let object):
            objects[steps, default: 0] += 1
            for (name, member) in object where member.objectValue != nil || member.arrayValue != nil {
                steps.append(.field(name))
                count(member, steps: &steps)
                steps.removeLast()
            }
        case .array(let items):
            elements[steps, default: 0] += items.count
            steps.append(.anyIndex)
            for item in items where item.objectValue != nil || item.arrayValue != nil { count(item, steps: &steps) }
            steps.removeLast()
        default:
            break
        }
    }
}
