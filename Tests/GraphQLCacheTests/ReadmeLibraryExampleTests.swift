import Foundation
import GraphQLCache
import Testing

/// README.md's "Use the library" example, compiled and run here: the block between the
/// `readme` markers below is the README's Swift block without its imports, so the example
/// cannot stop compiling or answering as it says without a test failing.
@Suite struct ReadmeLibraryExampleTests {
    @Test func theExampleWritesAResponseAndReadsTheQueryBack() throws {
        // readme:begin
        let cache = InMemoryNormalizedCache()   // or try SQLiteNormalizedCache(path: "Cache.sqlite")
        let schema = try CacheSchema.load(sdl: ["""
            type Query { hero: Droid }
            type Droid { id: ID! name: String! }
            extend type Droid @typePolicy(keyFields: "id")
            """])
        let store = CacheStore(cache: cache, configuration: CacheConfiguration(schema: schema))
        let subscription = store.subscribe { change in print("changed:", change.changedFields.count, "fields") }

        // Write a server's response, then read the query back: Apollo iOS's keys and merge rules.
        let query = try store.executor.operation(document: "{ hero { id name } }")
        let response = try JSONValue.parse(#"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        try store.write(data: response.objectValue ?? [:], for: query)
        let result = try store.readResult(query: query)
        print(JSONValue.object(result.data ?? [:]).jsonText)   // {"hero":{"id":"2001","name":"R2-D2"}}
        print(try cache.loadRecord(forKey: "Droid:2001")?.fields["name"] ?? .null)   // the record is Droid:2001
        subscription.cancel()
        // readme:end
        #expect(JSONValue.object(result.data ?? [:]).jsonText == #"{"hero":{"id":"2001","name":"R2-D2"}}"#)
        #expect(result.misses.isEmpty)
        #expect(try cache.loadRecord(forKey: "Droid:2001") != nil)
    }

    @Test func readmeShowsThisExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try #require(Self.block(in: source, from: "// readme:begin\n", to: "        // readme:end"))
        let block = try #require(Self.block(in: readme, from: "<!-- library-example:begin -->\n```swift\n", to: "```\n<!-- library-example:end -->"))
        let code = block.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
        let expected = example.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
        #expect(Array(code.drop { $0.isEmpty }) == Array(expected))
    }

    private static func block(in text: String, from begin: String, to end: String) -> String? {
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<stop.lowerBound])
    }
}
