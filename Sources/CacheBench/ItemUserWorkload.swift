import GraphQLCache

/// The "Item/User" workload, generated deterministically so that other implementations can be
/// measured on the same work: N records `Item:i` (`__typename`, `id`, `name`, `price` (double),
/// `tags` (3 strings), `owner` -> `User:(i%100)`, `related` -> `[Item:(i+1)%N, Item:(i+2)%N]`),
/// 100 `User:j`, and `QUERY_ROOT.items` listing every item.
public struct ItemUserWorkload: Sendable {
    public let itemCount: Int
    public static let userCount = 100

    public init(itemCount: Int) { self.itemCount = itemCount }

    /// The query whose response holds the whole workload.
    public static let query = """
        query Items {
          items {
            __typename id name price tags
            owner { __typename id name }
            related { __typename id }
          }
        }
        """

    /// The records normalization of `response` produces (with ids `Type:id`).
    public func records(priceOffset: Double = 0) -> RecordSet {
        var set = RecordSet()
        for j in 0..<Self.userCount { set.merge(record: user(j)) }
        for i in 0..<itemCount { set.merge(record: item(i, priceOffset: priceOffset)) }
        set.merge(record: Record(key: .queryRoot, [
            "items": .list((0..<itemCount).map { .reference(CacheKey("Item:\($0)")) }),
        ]))
        return set
    }

    /// Item `i`'s record.
    public func item(_ i: Int, priceOffset: Double = 0) -> Record {
        Record(key: CacheKey("Item:\(i)"), [
            "__typename": .string("Item"), "id": .string(String(i)), "name": .string("Item \(i)"),
            "price": .double(Double(i % 1000) + 0.99 + priceOffset),
            "tags": .list([.string("tag\(i % 7)"), .string("tag\(i % 11)"), .string("tag\(i % 13)")]),
            "owner": .reference(CacheKey("User:\(i % Self.userCount)")),
            "related": .list([.reference(CacheKey("Item:\((i + 1) % itemCount)")),
                              .reference(CacheKey("Item:\((i + 2) % itemCount)"))]),
        ])
    }

    /// User `j`'s record.
    public func user(_ j: Int) -> Record {
        Record(key: CacheKey("User:\(j)"), [
            "__typename": .string("User"), "id": .string(String(j)), "name": .string("User \(j)"),
        ])
    }

    /// The server response to `query` as JSON text: `{"items":[…]}` (without the `data` wrapper).
    public func responseJSON() -> String {
        var writer = JSONWriter(reservingCapacity: itemCount * 240)
        writer.raw("{\"items\":[")
        for i in 0..<itemCount {
            if i > 0 { writer.raw(UInt8(ascii: ",")) }
            writer.raw("{\"__typename\":\"Item\",\"id\":")
            writer.string(String(i))
            writer.raw(",\"name\":")
            writer.string("Item \(i)")
            writer.raw(",\"price\":")
            writer.double(Double(i % 1000) + 0.99)
            writer.raw(",\"tags\":[")
            writer.string("tag\(i % 7)"); writer.raw(UInt8(ascii: ","))
            writer.string("tag\(i % 11)"); writer.raw(UInt8(ascii: ","))
            writer.string("tag\(i % 13)")
            writer.raw("],\"owner\":{\"__typename\":\"User\",\"id\":")
            let owner = i % Self.userCount
            writer.string(String(owner))
            writer.raw(",\"name\":")
            writer.string("User \(owner)")
            writer.raw("},\"related\":[{\"__typename\":\"Item\",\"id\":")
            writer.string(String((i + 1) % itemCount))
            writer.raw("},{\"__typename\":\"Item\",\"id\":")
            writer.string(String((i + 2) % itemCount))
            writer.raw("}]}")
        }
        writer.raw("]}")
        return writer.string
    }
}
