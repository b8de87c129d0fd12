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
