/// The variables the first operation of a document declares, read from its text (so it needs
/// no schema and works on a document still being typed), each with its default value when it
/// has one: `query Q($id: ID!, $ep: Episode = JEDI)` declares `id` (no default) and `ep`
/// (default `"JEDI"` as JSON).
///
/// Why defaults matter: GraphQL takes a variable given as `null` to be null, not its default,
/// so a variables template that wrote `"ep": null` turned `hero(episode: $ep)` into a read of
/// `hero(episode:null)`.
package struct DeclaredVariable: Hashable, Sendable {
    package var name: String
    /// Whether the definition has a default value (`= …`).
    package var hasDefault: Bool
    /// The default as JSON text when it is a simple literal (a string, number, boolean, null or
    /// enum value); nil for a list, an object or a block string, which the template leaves out.
    package var defaultJSON: String?

    package static func scan(_ document: String) -> [DeclaredVariable] {
        var scanner = Scanner(Array(document.unicodeScalars))
        guard scanner.skipToVariables() else { return [] }
        var declared: [DeclaredVariable] = []
        while let scalar = scanner.next() {
            switch scalar {
            case ")": return declared
            case "$":
                let name = scanner.name()
                if !name.isEmpty, !declared.contains(where: { $0.name == name }) {
                    declared.append(DeclaredVariable(name: name, hasDefault: false, defaultJSON: nil))
                }
            case "=":
                guard let last = declared.indices.last else { continue }
                declared[last].hasDefault = true
                declared[last].defaultJSON = scanner.literalJSON()
            case "@":
                _ = scanner.name()
                scanner.skipSpace()
                if scanner.peek == "(" { scanner.skipBalanced() }
            case "\"": scanner.skipString()
            default: continue
            }
        }
        return declared
    }
}

/// A cursor over a document's scalars that knows GraphQL's tokens well enough to read
/// variable definitions: names, strings (and block strings), numbers and bracketed values.
private struct Scanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func next() -> Unicode.Scalar? {
        defer { index += 1 }
        return peek
    }

    /// Moves past the `(` that opens the first operation's variables; false when a `{` (its
    /// selection set) comes first, or neither does. Fragment definitions before the operation
    /// are passed over whole.
    mutating func skipToVariables() -> Bool {
        var firstWord: String?
        while let scalar = peek {
            switch scalar {
            case "(": index += 1; return true
            case "{":
                guard firstWord == "fragment" else { return false }
                skipBalanced()
                firstWord = nil
            case "#": skipComment()
            case "\"": index += 1; skipString()
            default:
                if Self.isNameScalar(scalar, first: true) {
                    let word = name()
                    if firstWord == nil { firstWord = word }
                } else {
                    index += 1
                }
            }
        }
        return false
    }

    mutating func skipSpace() {
        while let scalar = peek {
            if scalar == "#" { skipComment(); continue }
            guard scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "," || scalar == "\u{FEFF}" else { return }
            index += 1
        }
    }

    private mutating func skipComment() {
        while let scalar = next(), scalar != "\n", scalar != "\r" {}
    }

    mutating func name() -> String {
        skipSpace()
        var name = ""
        while let scalar = peek, Self.isNameScalar(scalar, first: name.isEmpty) {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        return name
    }

    /// The value after `=` as JSON text, or nil when it is not a simple literal (it is then
    /// skipped whole).
    mutating func literalJSON() -> String? {
        skipSpace()
        guard let first = peek else { return nil }
        switch first {
        case "\"":
            let start = index
            index += 1
            guard !skipString() else { return nil }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        case "[", "{":
            skipBalanced()
            return nil
        case "-", "0"..."9":
            let start = index
            while let scalar = peek, scalar == "-" || scalar == "+" || scalar == "." || scalar == "e" || scalar == "E"
                    || ("0"..."9").contains(scalar) { index += 1 }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        default:
            let word = name()
            guard !word.isEmpty else { return nil }
            return ["true", "false", "null"].contains(word) ? word : "\"\(word)\""
        }
    }

    /// Moves past a string whose opening quote was read; true when it was a block string
    /// (`"""…"""`), whose text is not JSON. A `\u{…}` escape also makes it not JSON (true).
    @discardableResult
    mutating func skipString() -> Bool {
        if peek == "\"", index + 1 < scalars.count, scalars[index + 1] == "\"" {
            index += 2
            while index + 2 < scalars.count, !(scalars[index] == "\"" && scalars[index + 1] == "\"" && scalars[index + 2] == "\"") {
                index += scalars[index] == "\\" ? 2 : 1
            }
            index = min(scalars.count, index + 3)
            return true
        }
        var notJSON = false
        while let scalar = next() {
            if scalar == "\"" || scalar == "\n" { return notJSON }
            if scalar == "\\" {
                if peek == "u", index + 1 < scalars.count, scalars[index + 1] == "{" { notJSON = true }
                index += 1
            }
        }
        return notJSON
    }

    /// Moves past a bracketed value (`[…]`, `{…}` or `(…)`) starting at its opening bracket,
    /// strings inside included.
    mutating func skipBalanced() {
        var depth = 0
        while let scalar = next() {
            switch scalar {
            case "[", "{", "(": depth += 1
            case "]", "}", ")": depth -= 1
            case "\"": skipString()
            default: break
            }
            if depth <= 0 { return }
        }
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || (!first && ("0"..."9").contains(scalar))
    }
}
