import Foundation
import Testing
@testable import GraphQLCache

/// JSON as a Swift user writes it: literals, nested settable subscripts, text, `Decodable`.
@Suite struct JSONWritingTests {
    @Test func literalsBuildEveryKindOfValue() {
        let value: JSONValue = ["name": "Luke", "age": 19, "height": 1.72, "jedi": true, "friends": ["Han", nil]]
        #expect(value == .object([
            "name": .string("Luke"), "age": .int(19), "height": .double(1.72), "jedi": .bool(true),
            "friends": .array([.string("Han"), .null]),
        ]))
    }

    @Test func nestedSubscriptsEditInPlace() {
        var data: JSONObject = ["hero": ["name": "R2-D2", "friends": [["name": "Luke"], ["name": "Han"]]]]
        data["hero"]?["name"] = "Artoo"
        data["hero"]?["friends"]?[1]?["name"] = "Solo"
        data["hero"]?["height"] = 0.96
        data["hero"]?["friends"]?[5] = "ignored"
        #expect(data == ["hero": ["name": "Artoo", "friends": [["name": "Luke"], ["name": "Solo"]], "height": 0.96]])
        data["hero"]?["height"] = nil
        #expect(data["hero"]?["height"] == nil)
    }

    @Test func jsonTextMakesAnObjectOrSaysWhyNot() throws {
        #expect(try JSONObject(jsonText: #"{"a":[1,2.5,"x",null]}"#) == ["a": [1, 2.5, "x", nil]])
        #expect(throws: GraphQLCacheError.self) { try JSONObject(jsonText: "[1]") }
        #expect(throws: GraphQLCacheError.self) { try JSONObject(jsonText: "{") }
    }

    private struct HeroQuery: Decodable, Equatable {
        struct Hero: Decodable, Equatable {
            let name: String
            let height: Double?
        }
        let hero: Hero
    }

    @Test func resultsDecodeIntoDecodableTypes() throws {
        let result = QueryResult(data: ["hero": ["name": "R2-D2", "height": 0.96]], source: .cache)
        #expect(try result.decode(HeroQuery.self) == HeroQuery(hero: .init(name: "R2-D2", height: 0.96)))
        #expect(throws: DecodingError.self) { try QueryResult(data: ["hero": ["height": 1]], source: .cache).decode(HeroQuery.self) }
        #expect(throws: GraphQLCacheError.noResults) { try QueryResult(data: nil, source: .server).decode(HeroQuery.self) }
    }
}
