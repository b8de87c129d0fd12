/// Walks the members of one JSON object in a buffer without building anything: each member's
/// key bytes (between the quotes, escapes left as written) and its value's bytes.
///
/// Why: a merge that finds a stored row differing from the incoming record only needs to know
/// which members differ, and both texts are usually the same canonical layout; scanning them
/// side by side finds the differing members for a fraction of what decoding the row costs.
/// Anything it does not expect (a malformed text, trailing bytes) ends the walk with `nil`, and
/// the caller falls back to decoding, which names the problem.
struct JSONMemberScanner {
    /// One member: where its key's bytes and its value's bytes are.
    struct Member {
        var key: Range<Int>
        var value: Range<Int>
        /// Whether the key contains an escape, so that its bytes are not the key itself.
        var keyHasEscape: Bool
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var started = false
    private(set) var isAtEnd = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next member; nil at the end of the object (`isAtEnd` is then true) or on text it
    /// does not understand (`isAtEnd` false).
    mutating func next() -> Member? {
        guard !isAtEnd else { return nil }
        skipWhitespace()
        if !started {
            guard consume(UInt8(ascii: "{")) else { return nil }
            started = true
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return finish() }
        } else {
            if consume(UInt8(ascii: "}")) { return finish() }
            guard consume(UInt8(ascii: ",")) else { return nil }
            skipWhitespace()
        }
        guard let (key, keyHasEscape) = string() else { return nil }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { return nil }
        skipWhitespace()
        let valueStart = offset
        guard skipValue(depth: 0) else { return nil }
        return Member(key: key, value: valueStart..<offset, keyHasEscape: keyHasEscape)
    }

    /// Ends the walk; true end only if nothing but whitespace follows the object.
    private mutating func finish() -> Member? {
        skipWhitespace()
        isAtEnd = offset == bytes.count
        return nil
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// A string at the cursor: the range between its quotes, and whether it holds an escape.
    private mutating func string() -> (Range<Int>, Bool)? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = offset
        var escaped = false
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                offset += 1
                return (start..<offset - 1, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                offset += 2
            default:
                offset += 1
            }
        }
        return nil
    }

    /// Skips one value of any kind; false on text that is not one.
    private mutating func skipValue(depth: Int) -> Bool {
        guard offset < bytes.count, depth < JSONParser<CacheValueBuilder>.maximumDepth else { return false }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return skipContainer(depth: depth)
        default:
            let start = offset
            while offset < bytes.count, Self.continuesScalar(bytes[offset]) { offset += 1 }
            return offset > start
        }
    }

    /// Skips an object or array, strings inside included, to its closing bracket.
    private mutating func skipContainer(depth: Int) -> Bool {
        let isObject = bytes[offset] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        offset += 1
        skipWhitespace()
        if consume(close) { return true }
        while true {
            if isObject {
                guard string() != nil else { return false }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
            }
            guard skipValue(depth: depth + 1) else { return false }
            skipWhitespace()
            if consume(close) { return true }
            guard consume(UInt8(ascii: ",")) else { return false }
            skipWhitespace()
        }
    }

    /// Bytes of a number or literal (`-12.5e3`, `true`, `null`).
    private static func continuesScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }
}
