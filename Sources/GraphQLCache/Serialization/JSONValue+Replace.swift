/// Replacing one value deep inside response data, for incremental watches: a patched object is
/// put back where it was without rebuilding the data around it.
extension JSONObject {
    /// Replaces the value at `path` (response names and list indices, starting with a member
    /// of this object) by `value`; does nothing when the path does not lead anywhere. Each
    /// container on the way is taken out while it changes, so one not shared is not copied.
    mutating func replaceValue(at path: ArraySlice<PathComponent>, with value: JSONValue) {
        guard case .field(let name)? = path.first, var member = self[name] else { return }
        self[name] = .null
        member.replaceValue(at: path.dropFirst(), with: value)
        self[name] = member
    }
}

extension JSONValue {
    /// Replaces the value at `path` below this one (itself for an empty path) by `value`.
    mutating func replaceValue(at path: ArraySlice<PathComponent>, with value: JSONValue) {
        guard let first = path.first else {
            self = value
            return
        }
        switch (self, first) {
        case (.object(var object), .field):
            self = .null
            object.replaceValue(at: path, with: value)
            self = .object(object)
        case (.array(var items), .index(let index)) where items.indices.contains(index):
            self = .null
            items[index].replaceValue(at: path.dropFirst(), with: value)
            self = .array(items)
        default:
            break
        }
    }
}
