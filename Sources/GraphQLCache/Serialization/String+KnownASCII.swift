extension String {
    /// A string of bytes already known to be ASCII (the JSON parser's strings without escapes
    /// or bytes above 0x7F). Up to 15 bytes, where `inlineLayout` (`InlineUTF8.layoutHolds`
    /// unless a test says otherwise) says the standard library's small strings are laid out as `InlineUTF8` reads them, the
    /// string is made as two words (`InlineUTF8.asciiString`).
    ///
    /// Why: ids, type names, keys and most values of a record are short, and making each with
    /// `String(decoding:as:)` (which validates the bytes one by one and copies them again) was
    /// about a fifth of decoding a row; the standard library's own in-place initializer, tried
    /// first, saved little, being a call with a closure per string.
    @inline(__always) package init(knownASCII ascii: UnsafeBufferPointer<UInt8>, inlineLayout: Bool = InlineUTF8.layoutHolds) {
        if inlineLayout, ascii.count <= 15, ascii.baseAddress != nil {
            self = InlineUTF8.asciiString(ascii)
        } else {
            self.init(decoding: ascii, as: UTF8.self)
        }
    }

    /// A string of UTF-8 bytes read from elsewhere (a SQLite column), as `String(decoding:as:)`
    /// makes it (invalid bytes repaired), made as two words when it is short and all ASCII:
    /// most cache keys (`Item:12345`) are.
    @inline(__always) package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count <= 15, bytes.allSatisfy({ $0 < 0x80 }) {
            self.init(knownASCII: bytes)
        } else {
            self.init(decoding: bytes, as: UTF8.self)
        }
    }
}
