import Foundation

extension JSONObject {
    /// The object written in `jsonText`; throws `invalidJSON` for text that is not JSON and
    /// `invalidData` for JSON that is not an object.
    public init(jsonText: String) throws(GraphQLCacheError) {
        guard case .object(let object) = try JSONValue.parse(jsonText) else {
            throw .invalidData(path: [], message: "expected a JSON object")
        }
        self = object
    }

    /// The object decoded into `type` with Foundation's `JSONDecoder` (`decoder` if given):
    /// `try result.data?.decode(Hero.self)`.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: Data(JSONValue.object(self).jsonText.utf8))
    }
}

extension QueryResult {
    /// The result's data decoded into `type` (a `Decodable` mirror of the query's shape):
    /// `let hero = try result.decode(HeroQuery.self).hero`. Throws `noResults` when the result
    /// has no data, and the decoder's error when the data does not fit the type.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        guard let data else { throw GraphQLCacheError.noResults }
        return try data.decode(type, using: decoder)
    }
}
