/// A key press, as terminals report it and key maps bind it.
package enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case enter, backspace, tab, backTab, escape, delete
    case up, down, left, right, pageUp, pageDown, home, end
    /// A control chord: `.control("c")` is Ctrl-C.
    case control(Character)
    case function(Int)

    private static let named: [(String, Key)] = [
        ("Enter", .enter), ("Backspace", .backspace), ("Tab", .tab), ("BackTab", .backTab),
        ("Esc", .escape), ("Delete", .delete), ("Up", .up), ("Down", .down), ("Left", .left),
        ("Right", .right), ("PgUp", .pageUp), ("PgDn", .pageDown), ("Home", .home), ("End", .end),
        ("Space", .character(" ")),
    ]

    private static let aliases: [String: Key] = [
        "Return": .enter, "Escape": .escape, "PageUp": .pageUp, "PageDown": .pageDown, "BS": .backspace,
    ]

    /// Parses a key name (`j`, `Enter`, `C-c`, `F1`, `PgDn`); nil for anything else.
    package init?(name: String) {
        if name.count == 1, let character = name.first { self = .character(character); return }
        if let key = Self.named.first(where: { $0.0 == name })?.1 ?? Self.aliases[name] { self = key; return }
        if name.hasPrefix("C-"), name.count == 3, let character = name.last {
            self = .control(Character(character.lowercased()))
            return
        }
        if name.hasPrefix("F"), let n = Int(name.dropFirst()), (1...12).contains(n) { self = .function(n); return }
        return nil
    }

    /// Parses a harness key list entry: a key name, or else text typed one character at a time.
    package static func sequence(from entry: String) -> [Key] {
        if let key = Key(name: entry) { return [key] }
        return entry.map { .character($0) }
    }

    /// The name shown in help and accepted by `init(name:)`.
    package var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "C-\(c)"
        case .function(let n): return "F\(n)"
        default: return Self.named.first { $0.1 == self }?.0 ?? "?"
        }
    }
}
