extension JSONValue {
    /// Two reads of the same response name (the same field selected twice, through fragments)
    /// merged: objects member by member, lists element by element; otherwise the newer wins.
    static func merged(_ existing: JSONValue?, _ incoming: JSONValue) -> JSONValue {
        guard let existing else { return incoming }
        switch (existing, incoming) {
        case (.object(var base), .object(let more)):
            for (key, value) in more { base[key] = merged(base[key], value) }
            return .object(base)
        case (.array(let base), .array(let more)) where base.count == more.count:
            return .array(zip(base, more).map { merged($0, $1) })
        default:
            return incoming
        }
    }
}

extension JSONObject {
    /// Removes the member at `path` (response names and list indices) when it is null.
    mutating func removeNull(at path: ArraySlice<PathComponent>) {
        guard case .field(let name)? = path.first, let value = self[name] else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            if value.isNull { self[name] = nil }
            return
        }
        var inner = value
        inner.removeNull(at: rest)
        self[name] = inner
    }
}

extension JSONValue {
    /// `JSONObject.removeNull(at:)` through objects and list elements.
    mutating func removeNull(at path: ArraySlice<PathComponent>) {
        switch self {
        case .object(var object):
            object.removeNull(at: path)
            self = .object(object)
        case .array(var items):
            guard case .index(let index)? = path.first, items.indices.contains(index) else { return }
            items[index].removeNull(at: path.dropFirst())
            self = .array(items)
        default:
            return
        }
    }
}

extension JSONObject {
    /// Gives the object at `path` (response names and list indices; empty: this object) a
    /// `__typename` when it has none.
    mutating func setTypename(_ typename: String, at path: ArraySlice<PathComponent>) {
        guard let first = path.first else {
            if self["__typename"] == nil { self["__typename"] = .string(typename) }
            return
        }
        guard case .field(let name) = first, var value = self[name] else { return }
        value.setTypename(typename, at: path.dropFirst())
        self[name] = value
    }
}

extension JSONValue {
    /// `JSONObject.setTypename(_:at:)` through objects and list elements.
    mutating func setTypename(_ typename: String, at path: ArraySlice<PathComponent>) {
        switch self {
        case .object(var object):
            object.setTypename(typename, at: path)
            self = .object(object)
        case .array(var items):
            guard case .index(let index)? = path.first, items.indices.contains(index) else { return }
            items[index].setTypename(typename, at: path.dropFirst())
            self = .array(items)
        default:
            return
        }
    }
}
