import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The keys a record's stored JSON references, found in its bytes without decoding it: what
/// garbage collection needs of every row (decoding 100,000 records to learn their references
/// cost a hundred times reading them).
///
/// The scan answers only where it is exact: a row whose text holds no backslash (so no `\u`
/// spelling of `$reference` or of a key, no escaped key) and in which every `{` but the outer
/// object's opens a reference object (`{"$reference":"…"}`, whitespace allowed), so no custom
/// scalar object (whose references a read does not follow) and no `{` in a string. Then those
/// objects are the references at field level and in lists, and nothing else is one. Other
/// rows are decoded by the caller.
extension RecordJSON {
    /// Calls `body` with the bytes of each key `json` references and returns true, or returns
    /// false when the text must be decoded to know (having called `body` for none or some).
    /// With `lenient`, finds what references it can in any text (for a row that cannot be
    /// decoded) and always returns true.
    package static func forEachReference(in json: UnsafeBufferPointer<UInt8>, lenient: Bool = false,
                                         _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let base = json.baseAddress, json.count > 0 else { return lenient }
        guard !lenient else {
            forEachMarkedReference(in: json, body)
            return true
        }
        guard memchr(base, Int32(UInt8(ascii: "\\")), json.count) == nil else { return false }
        let outer = skipWhitespace(json, from: 0)
        guard outer < json.count, json[outer] == UInt8(ascii: "{"),
              !hasMarker(json, at: skipWhitespace(json, from: outer + 1)) else { return false }
        var at = outer + 1
        while at < json.count, let hit = memchr(base + at, Int32(UInt8(ascii: "{")), json.count - at) {
            let brace = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard let reference = referenceObject(json, openedAt: brace), isValidUTF8(reference.key) else { return false }
            body(reference.key)
            at = reference.end
        }
        return true
    }

    /// The reference object whose `{` is at `brace`: its key's bytes and where it ends; nil
    /// when the object is anything else. The text holds no backslash, so the key's string ends
    /// at the next quote.
    private static func referenceObject(_ json: UnsafeBufferPointer<UInt8>, openedAt brace: Int)
        -> (key: UnsafeBufferPointer<UInt8>, end: Int)? {
        let name = skipWhitespace(json, from: brace + 1)
        guard hasMarker(json, at: name) else { return nil }
        var at = skipWhitespace(json, from: name + markerLength)
        guard at < json.count, json[at] == UInt8(ascii: ":") else { return nil }
        at = skipWhitespace(json, from: at + 1)
        guard at < json.count, json[at] == UInt8(ascii: "\""),
              let quote = memchr(json.baseAddress! + at + 1, Int32(UInt8(ascii: "\"")), json.count - at - 1) else { return nil }
        let close = json.baseAddress!.distance(to: quote.assumingMemoryBound(to: UInt8.self))
        let end = skipWhitespace(json, from: close + 1)
        guard end < json.count, json[end] == UInt8(ascii: "}") else { return nil }
        return (UnsafeBufferPointer(rebasing: json[(at + 1)..<close]), end + 1)
    }

    /// Whether `"$reference"` starts at `index`: its twelve bytes compared as two words
    /// (little-endian `"$refere` and `nce"`).
    private static func hasMarker(_ json: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + markerLength <= json.count else { return false }
        let raw = UnsafeRawPointer(json.baseAddress! + index)
        return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) == 0x6572_6566_6572_2422
            && UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)) == 0x2265_636E
    }

    /// Any text's references, as far as they can be seen: each `"$reference"` right after a `{`
    /// followed by a string without escapes and a `}` (for a row that cannot be decoded).
    private static func forEachMarkedReference(in json: UnsafeBufferPointer<UInt8>,
                                               _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var position = 0
        while let start = markerIndex(in: json, from: position) {
            position = start + 1
            guard opensObject(json, before: start), let key = referencedKey(json, after: start + marker.count) else { continue }
            body(key.bytes)
            position = key.end
        }
    }

    /// `"$reference"`, the member name of a reference object.
    private static let marker = Array(#""$reference""#.utf8)
    /// `marker.count`, as a constant for the exact scan.
    private static var markerLength: Int { 12 }

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

    /// ASCII at once (eight bytes a step); other bytes checked as UTF-8 (the decoder refuses
    /// invalid text).
    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return true }
        var high: UInt64 = 0
        var at = 0
        while at + 8 <= bytes.count {
            high |= base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            at += 8
        }
        while at < bytes.count {
            high |= UInt64(bytes[at])
            at += 1
        }
        return high & 0x8080_8080_8080_8080 == 0 || String(validating: bytes, as: UTF8.self) != nil
    }
}
