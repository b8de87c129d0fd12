/// A colour a theme can name: the terminal's default, one of the 256 indexed colours (the 16
/// basic ones by name), or a 24-bit `#rrggbb` that terminals map to their nearest colour.
package enum ThemeColor: Hashable, Sendable {
    case terminalDefault
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)

    private static let basicNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue",
        "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// Parses `default`, a basic colour name, `colorN` (0-255) or `#rrggbb`; nil otherwise.
    package init?(parsing text: String) {
        let lower = text.lowercased()
        if lower == "default" { self = .terminalDefault; return }
        if let index = Self.basicNames.firstIndex(of: lower) { self = .indexed(index); return }
        if lower.hasPrefix("color"), let n = Int(lower.dropFirst(5)), (0...255).contains(n) {
            self = .indexed(n)
            return
        }
        guard lower.hasPrefix("#"), lower.count == 7, let value = UInt32(lower.dropFirst(), radix: 16) else {
            return nil
        }
        self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// The nearest colour of the xterm 256-colour palette (or the index itself).
    package var xterm256: Int? {
        switch self {
        case .terminalDefault: return nil
        case .indexed(let n): return n
        case let .rgb(r, g, b): return Self.nearest256(Int(r), Int(g), Int(b))
        }
    }

    /// The nearest of the 8 basic colours, for terminals without 256 colours.
    package var basic8: Int? {
        switch self {
        case .terminalDefault: return nil
        case .indexed(let n) where n < 16: return n % 8
        case .indexed: return 7
        case let .rgb(r, g, b):
            let bright = max(r, g, b)
            guard bright >= 64 else { return 0 }
            let threshold = UInt8(Double(bright) * 0.6)
            return (r >= threshold ? 1 : 0) | (g >= threshold ? 2 : 0) | (b >= threshold ? 4 : 0)
        }
    }

    private static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let steps = [0, 95, 135, 175, 215, 255]
        func level(_ v: Int) -> Int { steps.indices.min { abs(steps[$0] - v) < abs(steps[$1] - v) } ?? 0 }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cube = 16 + 36 * lr + 6 * lg + lb
        let cubeDistance = sq(steps[lr] - r) + sq(steps[lg] - g) + sq(steps[lb] - b)
        let grey = min(23, max(0, ((r + g + b) / 3 - 8) / 10))
        let greyValue = 8 + grey * 10
        let greyDistance = sq(greyValue - r) + sq(greyValue - g) + sq(greyValue - b)
        return greyDistance < cubeDistance ? 232 + grey : cube
    }

    private static func sq(_ v: Int) -> Int { v * v }
}
