import GraphQLCache

extension FieldKey {
    /// `FieldKey` from its printed form `RECORD.field`, for readable expectations (test keys
    /// never contain a dot in the field part).
    static func printed(_ text: String) -> FieldKey {
        let dot = text.lastIndex(of: ".")!
        return FieldKey(record: CacheKey(String(text[..<dot])), field: String(text[text.index(after: dot)...]))
    }
}

func fieldKeys(_ texts: String...) -> Set<FieldKey> { Set(texts.map(FieldKey.printed)) }
