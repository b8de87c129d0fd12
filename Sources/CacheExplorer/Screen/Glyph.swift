import Synchronization

/// A cell's character held without a reference, so that a cell is plain bytes: a grid of them
/// is made, compared and freed as memory alone (a `Character` field made each frame's 4,800
/// cells be initialised, compared and released one by one, a third of a frame).
///
/// Up to 15 UTF-8 bytes are held inline (every character but long emoji sequences); a longer
/// one is held by its number in a table of the process's long characters, which only grows
/// by the distinct ones a screen has shown.
struct Glyph: Hashable, Sendable {
    /// UTF-8 bytes 0–7.
    private var low: UInt64
    /// UTF-8 bytes 8–14, and in the top byte the count (or `Glyph.long`, `low` then the number).
    private var high: UInt64

    private static let long: UInt64 = 0xFF
    private static let table = Mutex<(numbers: [Character: UInt64], characters: [Character])>(([:], []))

    /// One printable ASCII byte.
    init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << 56
    }

    init(_ character: Character) {
        var text = String(character)
        let packed = text.withUTF8 { bytes -> (UInt64, UInt64)? in
            guard bytes.count <= 15 else { return nil }
            var low: UInt64 = 0, high = UInt64(bytes.count) << 56
            for index in bytes.indices {
                if index < 8 { low |= UInt64(bytes[index]) << (8 * index) } else { high |= UInt64(bytes[index]) << (8 * (index - 8)) }
            }
            return (low, high)
        }
        (low, high) = packed ?? (Self.number(of: character), Self.long << 56)
    }

    var character: Character {
        let count = Int(high >> 56)
        guard UInt64(count) != Self.long else { return Self.table.withLock { $0.characters[Int(low)] } }
        if count == 1 { return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: low))) }
        return withUnsafeBytes(of: (low, high)) { bytes in
            Character(String(decoding: bytes.prefix(count), as: UTF8.self))
        }
    }

    private static func number(of character: Character) -> UInt64 {
        table.withLock { table in
            if let number = table.numbers[character] { return number }
            let number = UInt64(table.characters.count)
            table.characters.append(character)
            table.numbers[character] = number
            return number
        }
    }
}
