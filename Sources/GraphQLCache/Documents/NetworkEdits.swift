import GraphQL

/// How a document's text changes on its way to the server: `__typename` goes into every object
/// selection set that lacks it (Apollo's code generation always selects it, and the cache needs
/// it to key objects), and `@defer` directives come out (CacheLens does not take incremental
/// delivery, so the server answers deferred fragments in its one response).
struct NetworkEdits {
    /// Byte offsets just after the `{` of every selection set that needs `__typename`.
    private var insertions: [Int] = []
    /// Byte offsets of the `@` of every `@defer` directive.
    private var removals: [Int] = []

    /// Collects the edits of one operation's or fragment's selection set (`isRoot`: an
    /// operation's root, which gets no `__typename`).
    mutating func collect(_ set: SelectionSet, isRoot: Bool) {
        var hasTypename = false
        for selection in set.selections {
            switch selection {
            case let field as Field:
                if field.name.value == "__typename" && field.alias == nil { hasTypename = true }
                if let child = field.selectionSet { collect(child, isRoot: false) }
            case let inline as InlineFragment:
                removeDefer(inline.directives)
                collect(inline.selectionSet, isRoot: true)
            case let spread as FragmentSpread:
                removeDefer(spread.directives)
            default: break
            }
        }
        if !isRoot && !hasTypename, let start = set.loc?.start { insertions.append(start + 1) }
    }

    private mutating func removeDefer(_ directives: [Directive]) {
        for directive in directives where directive.name.value == "defer" {
            // GraphQL's parser ends a directive's location at its `@`, so only the start is kept.
            if let start = directive.loc?.start { removals.append(start) }
        }
    }

    /// `source` with the edits made (from the end backwards, so offsets stay valid).
    func applied(to source: String) -> String {
        guard !insertions.isEmpty || !removals.isEmpty else { return source }
        var bytes = Array(source.utf8)
        let edits = insertions.map { ($0, false) } + removals.map { ($0, true) }
        for (offset, removes) in edits.sorted(by: { $0.0 > $1.0 }) where offset < bytes.count {
            if removes {
                bytes.removeSubrange(offset..<Self.directiveEnd(bytes, from: offset))
            } else {
                bytes.insert(contentsOf: " __typename".utf8, at: offset)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset just past the directive starting at `start` (`@name` and its parenthesized
    /// arguments, whose strings may hold parentheses).
    static func directiveEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, GraphQLName.isNameByte(bytes[index]) { index += 1 }
        var next = index
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x2C].contains(bytes[next]) { next += 1 }
        guard next < bytes.count, bytes[next] == UInt8(ascii: "(") else { return index }
        var inString = false
        index = next + 1
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ")") {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }
}
