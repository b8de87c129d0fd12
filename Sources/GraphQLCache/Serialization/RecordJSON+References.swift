import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The keys a record's stored JSON references, found in its bytes without decoding it: what
/// garbage collection needs of every row (decoding 100,000 records to learn their references
/// cost a hundred times reading them).
///
/// The scan answers only where it is exact: a row whose text holds no backslash (so no `\u`
/// spelling of `$reference` or of a key, no escaped key) and no `{` but the outer object's and
/// those of its reference objects (so no custom scalar object, whose references a read does not
/// follow, and no `{` in a string). Then every `"$reference"` right after a `{` opens a
/// reference object at field level or in a list, and nothing else is one. Other rows are
/// decoded by the caller.
extension RecordJSON {
    /// Calls `body` with the bytes of each key `json` references and returns true, or returns
    /// false when the text must be decoded to know (having called `body` for none or some).
    /// With `lenient`, finds what references it can in any text (for a row that cannot be
    /// decoded) and always returns true.
    package static func forEachReference(in json: UnsafeBufferPointer<UInt8>, lenient: Bool = false,
                                         _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard json.count > 0 else { return lenient }
        var braces = 0
        var backslash = false
        for byte in json {
            braces &+= byte == UInt8(ascii: "{") ? 1 : 0
            backslash = backslash || byte == UInt8(ascii: "\\")
        }
        if backslash && !lenient { return false }
        var references = 0
        var position = 0
        while let start = markerIndex(in: json, from: position) {
            position = start + 1
            guard opensObject(json, before: start), let key = referencedKey(json, after: start + marker.count) else { continue }
            guard lenient || isValidUTF8(key.bytes) else { return false }
            body(key.bytes)
            references += 1
            position = key.end
        }
        return lenient || braces == references + 1
    }

    /// `"$reference"`, the member name of a reference object.
    private static let marker = Array(#""$reference""#.utf8)

    /// Where the next `"$reference"` starts at or after `index`: `memchr` finds each `$`, which
    /// is rare in record text but for references.
    private static func markerIndex(in json: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        let base = json.baseAddress!
        var at = index + 1
        while at < json.count, let hit = memchr(base + at, Int32(UInt8(ascii: "$")), json.count - at) {
            let dollar = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            let rest = marker.count - 1
            if dollar + rest <= json.count, json[dollar - 1] == UInt8(ascii: "\""),
               marker.withUnsafeBufferPointer({ memcmp(base + dollar, $0.baseAddress! + 1, rest) }) == 0 {
                return dollar - 1
            }
            at = dollar + 1
        }
        return nil
    }

    /// Whether the last non-whitespace byte before `index` is `{`.
    private static func opensObject(_ json: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
        var at = index - 1
        while at >= 0, isWhitespace(json[at]) { at -= 1 }
        return at >= 0 && json[at] == UInt8(ascii: "{")
    }

    /// After the member name: whitespace, `:`, whitespace, a string without escapes,
    /// whitespace and `}`. Returns the string's bytes and where the scan goes on.
    private static func referencedKey(_ json: UnsafeBufferPointer<UInt8>, after index: Int)
        -> (bytes: UnsafeBufferPointer<UInt8>, end: Int)? {
        var at = skipWhitespace(json, from: index)
        guard at < json.count, json[at] == UInt8(ascii: ":") else { return nil }
        at = skipWhitespace(json, from: at + 1)
        guard at < json.count, json[at] == UInt8(ascii: "\"") else { return nil }
        let start = at + 1
        at = start
        while at < json.count, json[at] != UInt8(ascii: "\""), json[at] != UInt8(ascii: "\\") { at += 1 }
        guard at < json.count, json[at] == UInt8(ascii: "\"") else { return nil }
        let end = skipWhitespace(json, from: at + 1)
        guard end < json.count, json[end] == UInt8(ascii: "}") else { return nil }
        return (UnsafeBufferPointer(rebasing: json[start..<at]), end + 1)
    }

    private static func skipWhitespace(_ json: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var at = index
        while at < json.count, isWhitespace(json[at]) { at += 1 }
        return at
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// ASCII at once; other bytes checked as UTF-8 (the decoder refuses invalid text).
    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }
}
