/// Checks a stored record's JSON text without building any value, and finds where its
/// `__typename` is: what `cachelens stats` needs of each of ten million rows, where decoding
/// every value (strings made, dictionaries hashed) cost twenty times reading the rows.
///
/// The check vouches only for texts that decoding certainly accepts, and it is stricter than
/// decoding: a text it does not vouch for (`nil`) may still decode, and the caller decodes it
/// then, which also names what is wrong with a broken one. It vouches for text that:
/// - is one JSON object, nested no deeper than `vouchedDepth`;
/// - names members in ASCII without escapes (two names then equal as text only when equal as
///   bytes, so no object can hold names that clash, which decoding refuses);
/// - holds a `$reference` member only as the sole member of a nested object, with a string value;
/// - writes strings as valid UTF-8, with valid escapes and `\u` surrogates in pairs;
/// - writes numbers without an exponent, in at most 18 digits (each is then an exact `Int` or
///   a finite, non-zero-when-written-so `Double`, as decoding requires).
package struct RecordTextCheck {
    /// A sound text's `__typename`: the bytes of its last top-level `__typename` member's string
    /// (between the quotes), nil when it has none or the last one is not a string. Decoding keeps
    /// a repeated name's last value, so `Record.typename` is exactly this text.
    package struct Sound: Equatable {
        package var typename: Range<Int>?
    }

    /// Deeper than this the check gives up (decoding refuses beyond `JSONParser.maximumDepth`).
    static let vouchedDepth = 500

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private var typename: Range<Int>?
    /// The record's own member names, where they are asked for (`fieldNames`).
    private var names: [Range<Int>]?

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// What `bytes` holds when the check vouches for it; nil when only decoding can tell.
    package static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Sound? {
        var check = RecordTextCheck(bytes)
        check.skipWhitespace()
        guard check.peek() == UInt8(ascii: "{"), check.object(isRecord: true) else { return nil }
        check.skipWhitespace()
        return check.index == bytes.count ? Sound(typename: check.typename) : nil
    }

    /// The names of the record's fields when the check vouches for `bytes` (each once, in
    /// the order first written); nil when only decoding can tell. What a change needs of a
    /// record put back as its stored bytes, at a sixth of decoding it.
    package static func fieldNames(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var check = RecordTextCheck(bytes)
        check.names = []
        check.skipWhitespace()
        guard check.peek() == UInt8(ascii: "{"), check.object(isRecord: true) else { return nil }
        check.skipWhitespace()
        guard check.index == bytes.count, let ranges = check.names else { return nil }
        let names = ranges.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        // A name written twice is one field (decoding keeps the last value); ASCII names
        // without escapes are equal as text exactly when equal as bytes.
        guard names.count > 1 else { return names }
        if names.count <= 16 {
            return names.indices.allSatisfy({ index in !names[..<index].contains(names[index]) }) ? names
                : names.enumerated().filter { !names[..<$0.offset].contains($0.element) }.map(\.element)
        }
        var seen = Set<String>(minimumCapacity: names.count)
        return names.filter { seen.insert($0).inserted }
    }

    // MARK: Values

    private mutating func value() -> Bool {
        guard let byte = peek() else { return false }
        switch byte {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): return object(isRecord: false)
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return false
        }
    }

    /// An object from its `{`; the record's own object (`isRecord`) notes `__typename`.
    private mutating func object(isRecord: Bool) -> Bool {
        depth += 1
        guard depth <= Self.vouchedDepth else { return false }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return true
        }
        var isFirst = true
        while true {
            skipWhitespace()
            guard let name = memberName() else { return false }
            if isRecord { names?.append(name) }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { return false }
            index += 1
            skipWhitespace()
            if Self.spells(name, "$reference", in: bytes) {
                // Only `{"$reference": "K"}` nested in the record is vouched for.
                guard !isRecord, isFirst, peek() == UInt8(ascii: "\""), string() != nil else { return false }
                skipWhitespace()
                guard peek() == UInt8(ascii: "}") else { return false }
                index += 1
                depth -= 1
                return true
            }
            if isRecord, Self.spells(name, "__typename", in: bytes) {
                if peek() == UInt8(ascii: "\"") {
                    guard let (content, escaped) = string(), !escaped else { return false }
                    typename = content
                } else {
                    guard value() else { return false }
                    typename = nil
                }
            } else {
                guard value() else { return false }
            }
            isFirst = false
            skipWhitespace()
            guard let next = peek() else { return false }
            index += 1
            if next == UInt8(ascii: ",") { continue }
            guard next == UInt8(ascii: "}") else { return false }
            depth -= 1
            return true
        }
    }

    private mutating func array() -> Bool {
        depth += 1
        guard depth <= Self.vouchedDepth else { return false }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return true
        }
        while true {
            skipWhitespace()
            guard value() else { return false }
            skipWhitespace()
            guard let next = peek() else { return false }
            index += 1
            if next == UInt8(ascii: ",") { continue }
            guard next == UInt8(ascii: "]") else { return false }
            depth -= 1
            return true
        }
    }

    /// A member name from its opening quote: printable ASCII without escapes; its bytes.
    @inline(__always) private mutating func memberName() -> Range<Int>? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        index = JSONPlainRun.end(in: bytes, from: start)
        guard peek() == UInt8(ascii: "\"") else { return nil }
        index += 1
        return start..<index - 1
    }

    /// A string from its opening quote: where its content is and whether it holds escapes.
    @inline(__always) private mutating func string() -> (content: Range<Int>, escaped: Bool)? {
        let start = index + 1
        index = start
        var escaped = false
        while true {
            index = JSONPlainRun.end(in: bytes, from: index)
            guard let byte = peek() else { return nil }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return (start..<index - 1, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                guard escape() else { return nil }
            case 0x80...:
                guard let length = Self.utf8SequenceLength(bytes, at: index) else { return nil }
                index += length
            default:
                return nil   // an unescaped control character
            }
        }
    }

    /// One escape from its backslash; a `\u` high surrogate only with its low one.
    private mutating func escape() -> Bool {
        guard index + 1 < bytes.count else { return false }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
            return true
        case UInt8(ascii: "u"):
            guard let unit = hex4(at: index + 2) else { return false }
            index += 6
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                      let low = hex4(at: index + 2), (0xDC00...0xDFFF).contains(low) else { return false }
                index += 6
                return true
            case 0xDC00...0xDFFF: return false
            default: return true
            }
        default:
            return false
        }
    }

    private func hex4(at position: Int) -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - 55
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `position` (Unicode's table
    /// 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        let lead = bytes[position]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard position + length <= bytes.count, second.contains(bytes[position + 1]) else { return nil }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// A number without an exponent, in at most 18 digits.
    private mutating func number() -> Bool {
        if peek() == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        guard let first = peek(), Self.isDigit(first) else { return false }
        if first == UInt8(ascii: "0") {
            index += 1
            digits = 1
            if let next = peek(), Self.isDigit(next) { return false }
        } else {
            while let byte = peek(), Self.isDigit(byte) { index += 1; digits += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let byte = peek(), Self.isDigit(byte) else { return false }
            while let byte = peek(), Self.isDigit(byte) { index += 1; digits += 1 }
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
        return digits <= 18
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    // MARK: Bytes

    @inline(__always) private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    @inline(__always) private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// Whether the bytes in `range` spell `word`.
    @inline(__always) private static func spells(_ range: Range<Int>, _ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] { return false }
        return true
    }
}
