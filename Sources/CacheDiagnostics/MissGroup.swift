import GraphQLCache

/// Misses that differ only in list indices, as one line: a query over 100,000 items that all
/// lack `description` is one group, `items[*].description — missingField on 100,000 of 100,000
/// Item records; e.g. Item:0`, not 100,000 lines. Built by `MissGroup.group(_:data:)`.
public struct MissGroup: Sendable, Hashable {
    /// One step of a grouped path: a response name, or any list index.
    public typealias Step = ResultPathStep

    /// The response path with every list index replaced by `*`.
    public var path: [Step]
    /// Why the grouped reads stopped.
    public var reason: MissReason
    /// The field key looked up (nil for `missingRecord`).
    public var fieldKey: String?
    /// How many misses the group holds.
    public var count: Int
    /// How many values stood where the group's misses are (the objects whose field missed, or
    /// the list elements that missed): the `of M` in `N of M`.
    public var total: Int
    /// The first miss of the group, in document order.
    public var example: CacheMiss

    /// `items[*].description`, or `(the root)`.
    public var pathText: String {
        var text = ""
        for step in path {
            switch step {
            case .field(let name): text += text.isEmpty ? name : "." + name
            case .anyIndex: text += "[*]"
            }
        }
        return text.isEmpty ? "(the root)" : text
    }

    /// The harness shape: `{"path":["items","*","description"],"reason","fieldKey","count","example"}`.
    public var jsonObject: JSONObject {
        [
            "path": .array(path.map { .string($0.description) }),
            "reason": .string(reason.rawValue),
            "fieldKey": fieldKey.map(JSONValue.string) ?? .null,
            "count": .int(count),
            "example": .object(example.jsonObject),
        ]
    }

    /// Groups misses (document order) most frequent first; equal counts keep document order.
    /// `data` is the read's partial data, which gives each group's total, with what the read
    /// left out of it (`elided`).
    public static func group(_ misses: [CacheMiss], data: JSONObject?, elided: ElidedCounts = ElidedCounts()) -> [MissGroup] {
        struct Identity: Hashable { let path: [Step]; let reason: MissReason; let fieldKey: String? }
        var order: [Identity] = []
        var groups: [Identity: MissGroup] = [:]
        for miss in misses {
            let path = miss.path.map { component -> Step in
                if case .field(let name) = component { return .field(name) }
                return .anyIndex
            }
            let identity = Identity(path: path, reason: miss.reason, fieldKey: miss.fieldKey)
            if groups[identity] == nil {
                order.append(identity)
                groups[identity] = MissGroup(path: path, reason: miss.reason, fieldKey: miss.fieldKey,
                                             count: 0, total: 0, example: miss)
            }
            groups[identity]?.count += 1
        }
        var result = order.compactMap { groups[$0] }
        for index in result.indices {
            let path = result[index].path
            result[index].total = max(result[index].count, Self.total(at: path, in: data) + Self.total(at: path, in: elided))
        }
        return result.enumerated().sorted { lhs, rhs in
            lhs.element.count != rhs.element.count ? lhs.element.count > rhs.element.count : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The same, among what the read left out.
    private static func total(at path: [Step], in elided: ElidedCounts) -> Int {
        guard let last = path.last, !elided.isEmpty else { return 0 }
        switch last {
        case .field: return elided.objects(at: Array(path.dropLast()))
        case .anyIndex: return elided.elements(at: Array(path.dropLast()))
        }
    }

    /// The objects at the parent of a field step, or the elements of the lists at the parent of
    /// an index step.
    private static func total(at path: [Step], in data: JSONObject?) -> Int {
        guard let data, let last = path.last else { return 1 }
        var values: [JSONValue] = [.object(data)]
        for step in path.dropLast() {
            values = values.flatMap { value -> [JSONValue] in
                switch (step, value) {
                case (.field(let name), .object(let object)): return object[name].map { [$0] } ?? []
                case (.anyIndex, .array(let items)): return items
                default: return []
                }
            }
        }
        switch last {
        case .field: return values.filter { $0.objectValue != nil }.count
        case .anyIndex: return values.reduce(0) { $0 + ($1.arrayValue?.count ?? 0) }
        }
    }
}
