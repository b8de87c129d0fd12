/// GraphQL's `Name` token (`[_A-Za-z][_0-9A-Za-z]*`), checked on bytes: for text that goes into
/// documents or SDL that CacheLens writes itself (an introspected schema, a stripped directive).
enum GraphQLName {
    /// Whether `byte` may appear in a name (a digit only after the first byte).
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// Whether `text` is a whole name.
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return text.utf8.allSatisfy(isNameByte)
    }
}
