/// One step of a response path: a response name (the alias when there is one) or a list index.
public enum PathComponent: Hashable, Sendable, CustomStringConvertible {
    case field(String)
    case index(Int)

    /// The harness form: a string for a field, a number for an index.
    public var jsonValue: JSONValue {
        switch self {
        case .field(let name): return .string(name)
        case .index(let index): return .int(index)
        }
    }

    public var description: String {
        switch self {
        case .field(let name): return name
        case .index(let index): return String(index)
        }
    }
}
