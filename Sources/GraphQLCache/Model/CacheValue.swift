/// A value stored in a record field.
///
/// Int and Double stay distinct (`1` is not `1.0`), so a value read back is the value written.
/// `object` holds custom scalars (JSON objects that are not normalized), never GraphQL objects:
/// those become records and are stored as `reference`.
public enum CacheValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case reference(CacheKey)
    case list([CacheValue])
    case object([String: CacheValue])

    /// The referenced key, when this is a reference.
    public var referenceKey: CacheKey? {
        if case .reference(let key) = self { return key }
        return nil
    }

    /// Every record key this value points at, lists included (nested to any depth).
    public var referencedKeys: [CacheKey] {
        switch self {
        case .reference(let key): return [key]
        case .list(let items): return items.flatMap(\.referencedKeys)
        default: return []
        }
    }

    /// Calls `body` with each record key this value points at, in `referencedKeys`' order,
    /// without building the array (a list of 100,000 references is walked, not copied).
    package func forEachReferencedKey(_ body: (CacheKey) throws -> Void) rethrows {
        switch self {
        case .reference(let key): try body(key)
        case .list(let items): for item in items { try item.forEachReferencedKey(body) }
        default: break
        }
    }

    /// A short name of the value's kind, used in error messages and the explorer.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "double"
        case .string: return "string"
        case .reference: return "reference"
        case .list: return "list"
        case .object: return "object"
        }
    }
}

extension CacheValue {
    /// Structural equality that keeps Int and Double apart and treats two NaNs as equal, so
    /// that re-merging a stored NaN reports no change.
    public static func == (lhs: CacheValue, rhs: CacheValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): return a == b
        case let (.reference(a), .reference(b)): return a == b
        case let (.list(a), .list(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let v): hasher.combine(1); hasher.combine(v)
        case .int(let v): hasher.combine(2); hasher.combine(v)
        case .double(let v): hasher.combine(3); hasher.combine(v.isNaN ? Double.nan.bitPattern : v.bitPattern)
        case .string(let v): hasher.combine(4); hasher.combine(v)
        case .reference(let v): hasher.combine(5); hasher.combine(v)
        case .list(let v): hasher.combine(6); hasher.combine(v)
        case .object(let v): hasher.combine(7); hasher.combine(v)
        }
    }
}
