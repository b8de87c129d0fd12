import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Every object of a decode gathers its members on one stack (`MemberStack`), kept across the
/// rows a `FieldNameTable` serves: objects within objects and lists, rows after rows that fail
/// halfway with objects left open, and `$reference` told from names that only look like it all
/// decode as each object built on its own does (`RecordJSON.cacheValue(from:)`, which gives
/// every object a builder of its own).
@Suite struct MemberStackTests {
    private static let names = ["a", "b", "id", "__typename", "$referencf", "$ref", "reference", "$reference2", "x1234567"]

    private func decode(_ text: String, names: FieldNameTable?) throws -> [String: CacheValue] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try RecordJSON.decode(buffer: $0, key: "K", names: names) }
    }

    /// A value of at most `depth` more levels: scalars, references, lists and objects of up to
    /// six members whose names may repeat.
    private func value(depth: Int, _ generator: inout SplitMix) -> String {
        switch Int.random(in: 0...(depth > 0 ? 5 : 2), using: &generator) {
        case 0: return "\(Int.random(in: -5...99, using: &generator))"
        case 1: return "\"s\(Int.random(in: 0...9, using: &generator))\""
        case 2: return "{\"$reference\":\"Item:\(Int.random(in: 0...9, using: &generator))\"}"
        case 3: return "[" + (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth - 1, &generator) }
            .joined(separator: ",") + "]"
        default: return object(depth: depth - 1, &generator)
        }
    }

    private func object(depth: Int, _ generator: inout SplitMix) -> String {
        "{" + (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            "\"\(Self.names.randomElement(using: &generator)!)\":" + value(depth: depth, &generator)
        }.joined(separator: ",") + "}"
    }

    @Test func rowsOfNestedObjectsDecodedWithOneTableEqualEachObjectBuiltAlone() throws {
        var generator = SplitMix(seed: 41)
        let table = FieldNameTable()
        var failed = 0
        for _ in 0..<3_000 {
            let text = object(depth: 3, &generator)
            // Every third row is cut short first: it fails with objects open, whose members stay
            // on the table's stack until the next row starts.
            if Bool.random(using: &generator), text.count > 2 {
                let cut = String(text.prefix(Int.random(in: 1..<text.count, using: &generator)))
                #expect(throws: GraphQLCacheError.self, "\(cut)") { try decode(cut, names: table) }
                failed += 1
            }
            guard case .object(let expected) = try RecordJSON.cacheValue(from: try JSONValue.parse(text), context: "K") else {
                Issue.record("\(text) is not an object")
                continue
            }
            #expect(try decode(text, names: table) == expected, "\(text)")
            #expect(try decode(text, names: nil) == expected, "\(text)")
        }
        #expect(failed > 1_000)
    }

    @Test func onlyAMemberNamedExactlyReferenceMakesAReference() throws {
        let fields = try decode(
            #"{"r":{"$reference":"K"},"f":{"$referencf":"K"},"l":{"$reference2":"K"},"t":{"__typename":"K"},"#
                + #""n":{"a":1,"$referencf":"K"}}"#, names: FieldNameTable())
        #expect(fields["r"] == .reference("K"))
        #expect(fields["f"] == .object(["$referencf": .string("K")]))
        #expect(fields["l"] == .object(["$reference2": .string("K")]))
        #expect(fields["t"] == .object(["__typename": .string("K")]))
        #expect(fields["n"] == .object(["a": .int(1), "$referencf": .string("K")]))
        for text in [#"{"r":{"a":1,"$reference":"K"}}"#, #"{"r":{"$reference":"K","a":1}}"#, #"{"r":{"$reference":1}}"#] {
            #expect(throws: GraphQLCacheError.self, "\(text)") { try decode(text, names: FieldNameTable()) }
        }
    }
}
