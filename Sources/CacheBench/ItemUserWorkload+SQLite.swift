import GraphQLCache

extension ItemUserWorkload {
    /// The `Item:i` records alone (no users, no root), as the SQLite figures merge them: exactly
    /// `itemCount` records. Items whose index is a multiple of `changedEvery` (never when 0)
    /// get `priceOffset` added to their price, which is how a re-merge changes 10 % of them.
    public func itemRecords(changedEvery: Int = 0, priceOffset: Double = 0) -> RecordSet {
        RecordSet(records: (0..<itemCount).map { i in
            item(i, priceOffset: changedEvery > 0 && i % changedEvery == 0 ? priceOffset : 0)
        })
    }

    /// The items a pattern such as `item:1` selects: those whose key contains it, ignoring case.
    public func itemRecords(matching pattern: String) -> RecordSet {
        let matcher = KeyPattern(pattern)
        return RecordSet(records: (0..<itemCount).lazy.map { item($0) }.filter { matcher.matches($0.key) })
    }

    /// Rows as the raw SQLite floor takes them: key and record JSON, encoded beforehand.
    public static func rows<S: Sequence>(_ records: S) -> [(key: CacheKey, json: [UInt8])] where S.Element == Record {
        records.map { (key: $0.key, json: RecordJSON.encode($0.fields)) }
    }
}
