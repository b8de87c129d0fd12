/// Builds values while `JSONParser` reads, so one parser serves both `JSONValue` (ordered
/// objects) and `CacheValue` (record JSON, `$reference` recognised) with no intermediate tree:
/// decoding record JSON straight into `CacheValue` is what keeps SQLite loads fast.
package protocol JSONBuilder {
    associatedtype Value
    /// An object under construction: members are added as they are read, so no intermediate
    /// member array is built.
    associatedtype Object
    func null() -> Value
    func bool(_ value: Bool) -> Value
    func int(_ value: Int) -> Value
    func double(_ value: Double) -> Value
    func string(_ value: String) -> Value
    func array(_ items: [Value]) -> Value
    func beginObject() -> Object
    func add(_ key: __owned String, _ value: __owned Value, to object: inout Object)
    /// Throws `GraphQLCacheError.invalidJSON` with a message when the members do not form a
    /// valid value (a bad `$reference`); the parser replaces the position with the object's.
    func endObject(_ object: __owned Object) throws(GraphQLCacheError) -> Value
    /// An object key spelled by `ascii` (all below 0x80, no escapes): a builder may hand back a
    /// `String` it made before for the same bytes (`FieldNameTable`).
    func key(_ ascii: UnsafeBufferPointer<UInt8>) -> String
}

extension JSONBuilder {
    public func key(_ ascii: UnsafeBufferPointer<UInt8>) -> String { String(knownASCII: ascii) }
}

/// A strict RFC 8259 parser over UTF-8 bytes (no comments, no trailing commas, no NaN), with a
/// nesting limit so that hostile input cannot overflow the stack.
package struct JSONParser<Builder: JSONBuilder> {
    /// Deeper nesting is an error rather than a crash.
    public static var maximumDepth: Int { 512 }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let builder: Builder
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, builder: Builder) {
        self.bytes = bytes
        self.builder = builder
    }

    /// Parses one complete JSON text from `bytes`.
    public static func parse<C: Collection>(_ bytes: C, builder: Builder) throws(GraphQLCacheError) -> Builder.Value
    where C.Element == UInt8 {
        let contiguous = Array(bytes)
        return try contiguous.withUnsafeBufferPointer { buffer throws(GraphQLCacheError) in
            try parse(buffer: buffer, builder: builder)
        }
    }

    /// Parses one complete JSON text from a buffer (the fast path: no copy).
    public static func parse(buffer: UnsafeBufferPointer<UInt8>, builder: Builder) throws(GraphQLCacheError) -> Builder.Value {
        var parser = JSONParser(bytes: buffer, builder: builder)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < buffer.count { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(GraphQLCacheError) -> Builder.Value {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return builder.string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return builder.bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return builder.bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return builder.null()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(Unicode.Scalar(bytes[index]))'")
        }
    }

    private mutating func enter() throws(GraphQLCacheError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(GraphQLCacheError) -> Builder.Value {
        try enter()
        let start = index
        index += 1
        var object = builder.beginObject()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try parseString(isKey: true)
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after key") }
                index += 1
                skipWhitespace()
                let value = try parseValue()
                builder.add(key, value, to: &object)
                skipWhitespace()
                let next = peek()
                index += 1
                if next == UInt8(ascii: ",") { continue }
                if next == UInt8(ascii: "}") { break }
                index -= 1
                throw error("expected ',' or '}' in object")
            }
        }
        depth -= 1
        do {
            return try builder.endObject(object)
        } catch .invalidJSON(let complaint) {
            throw self.error(complaint.message, at: start)
        }
    }

    private mutating func parseArray() throws(GraphQLCacheError) -> Builder.Value {
        try enter()
        index += 1
        var items: [Builder.Value] = []
        skipWhitespace()
        // Record lists are short (tags, references): room for a few saves growing twice.
        if peek() != UInt8(ascii: "]") { items.reserveCapacity(4) }
        if peek() == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                items.append(try parseValue())
                skipWhitespace()
                let next = peek()
                index += 1
                if next == UInt8(ascii: ",") { continue }
                if next == UInt8(ascii: "]") { break }
                index -= 1
                throw error("expected ',' or ']' in array")
            }
        }
        depth -= 1
        return builder.array(items)
    }

    /// A string token; an ASCII key without escapes is made by the builder (`key`).
    private mutating func parseString(isKey: Bool = false) throws(GraphQLCacheError) -> String {
        let start = index
        index += 1
        let contentStart = index
        var isASCII = true
        while index < bytes.count {
            index = JSONPlainRun.end(in: bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                if isASCII { return isKey ? builder.key(slice) : String(knownASCII: slice) }
                guard let string = String(validating: slice, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string", at: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: contentStart) }
            if byte < 0x20 { throw error("unescaped control character in string") }
            isASCII = false
            index += 1
        }
        throw error("unterminated string", at: start)
    }

    /// The slow path for strings with escapes: decodes into a byte buffer.
    private mutating func parseEscapedString(from contentStart: Int) throws(GraphQLCacheError) -> String {
        var out = Array(bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let string = String(validating: out, as: UTF8.self) else {
                    throw error("invalid UTF-8 in string")
                }
                return string
            }
            if byte < 0x20 { throw error("unescaped control character in string") }
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"): out.append(contentsOf: try parseUnicodeEscape())
            default:
                index -= 1
                throw error("invalid escape '\\\(Unicode.Scalar(escape))'")
            }
        }
        throw error("unterminated string")
    }

    /// `\uXXXX`, joining surrogate pairs; returns the scalar's UTF-8 bytes.
    private mutating func parseUnicodeEscape() throws(GraphQLCacheError) -> [UInt8] {
        var scalarValue = try parseHex4()
        if (0xD800...0xDBFF).contains(scalarValue) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                  bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in \\u escape")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            throw error("unpaired surrogate in \\u escape")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid \\u escape") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(GraphQLCacheError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(GraphQLCacheError) -> Builder.Value {
        let start = index
        var number = NumberDigits()
        if peek() == UInt8(ascii: "-") { index += 1; number.negative = true }
        guard let first = peek(), isDigit(first) else { throw error("invalid number", at: start) }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw error("leading zero in number", at: start) }
        } else {
            while let c = peek(), isDigit(c) { number.append(c); index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            number.isInteger = false
            index += 1
            guard let c = peek(), isDigit(c) else { throw error("expected digits after '.'", at: start) }
            while let c = peek(), isDigit(c) { number.append(c); number.fractionDigits += 1; index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            number.isInteger = false
            number.hasExponent = true
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let c = peek(), isDigit(c) else { throw error("expected digits in exponent", at: start) }
            while let c = peek(), isDigit(c) { index += 1 }
        }
        if let int = number.exactInt { return builder.int(int) }
        if let double = number.exactDouble { return builder.double(double) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        let shown = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
        if number.isInteger {
            // A double would silently round it: refused, as anything that would lose data.
            guard let int = Int(text) else {
                throw error("integer \(shown) is outside the 64-bit range (write it as a string to keep every digit)", at: start)
            }
            return builder.int(int)
        }
        guard let double = Double(text), double.isFinite else {
            throw error("number \(shown) is out of the range of a double", at: start)
        }
        if double == 0 && number.hasNonZeroDigit {
            throw error("number \(shown) is too small for a double (it would read as 0)", at: start)
        }
        return builder.double(double)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(GraphQLCacheError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("invalid literal") }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw error("invalid literal")
        }
        index += count
    }

    @inline(__always) private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    @inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

    @inline(__always) private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func error(_ message: String, at position: Int? = nil) -> GraphQLCacheError {
        let offset = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[0..<offset] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return .invalidJSON(JSONSyntaxError(message: message, offset: offset, line: line, column: column))
    }
}
