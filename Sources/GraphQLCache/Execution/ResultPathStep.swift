/// One step of a response path with list indices forgotten: a response name, or any index.
/// Misses are grouped by such paths (`MissGroup`), and a read counts the objects and elements
/// it elided under them (`ElidedCounts`), so the two agree on what a path is.
public enum ResultPathStep: Sendable, Hashable, CustomStringConvertible {
    case field(String)
    case anyIndex

    public var description: String {
        switch self {
        case .field(let name): return name
        case .anyIndex: return "*"
        }
    }
}
