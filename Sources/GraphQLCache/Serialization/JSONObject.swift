/// JSON object members in insertion order, with keyed lookup.
///
/// Members are one array of pairs, searched linearly while the object is small (almost every
/// object of response data: a field or two to a dozen); past `indexThreshold` members a table
/// of positions by key is kept beside them. A read of 100,000 items builds 400,000 of these,
/// and the former layout (an array of keys plus a dictionary, each grown one member at a time)
/// made a 7-member object take about 900 bytes: the result of that read took 200 MB.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member.
    public typealias Member = (key: String, value: JSONValue)

    private var members: [Member] = []
    /// Positions of the members by key, once there are more than `indexThreshold` of them.
    /// Keys are compared as their bytes (`ExactText`): the members of a snapshot or a harness
    /// `merge` are cache keys and field names, and `Café` precomposed and decomposed are two.
    private var positions: [ExactText: Int]?

    /// Members searched linearly before a table of positions is built.
    static let indexThreshold = 16

    public init() {}

    /// An empty object with room for `capacity` members (a read knows how many fields it selects).
    public init(minimumCapacity capacity: Int) {
        members.reserveCapacity(capacity)
    }

    /// Members in order; a repeated key keeps its first place and its last value.
    public init(_ members: [(String, JSONValue)]) {
        self.members.reserveCapacity(members.count)
        for (key, value) in members { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    private func position(of key: String) -> Int? {
        if let positions { return positions[ExactText(key)] }
        return members.firstIndex { ExactUTF8.equal($0.key, key) }
    }

    /// Setting a new key appends it; setting an existing key keeps its place; nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            let found = position(of: key)
            switch (found, newValue) {
            case let (index?, value?):
                members[index].value = value
            case let (nil, value?):
                members.append((key, value))
                if positions != nil {
                    positions?[ExactText(key)] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    indexMembers()
                }
            case (let index?, nil):
                members.remove(at: index)
                if positions != nil { indexMembers() }
            case (nil, nil):
                break
            }
        }
    }

    private mutating func indexMembers() {
        var table = [ExactText: Int](minimumCapacity: members.count)
        for (index, member) in members.enumerated() { table[ExactText(member.key)] = index }
        positions = table
    }

    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    /// Objects are equal when they hold the same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Whatever the order of the members, as `==`: each member hashed alone, the hashes summed.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for member in members {
            var one = Hasher()
            one.combine(member.key)
            one.combine(member.value)
            sum &+= one.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
