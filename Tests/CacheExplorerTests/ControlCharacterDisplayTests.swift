import CacheExplorer
import GraphQLCache
import Testing

/// A control character is spelled the same way in a key as in a value (`\u{1B}`), never dropped.
@Suite struct ControlCharacterDisplayTests {
    @Test func escInAKeyAndInAValueReadAlike() {
        let record = Record(key: CacheKey("Bad\u{1b}Key"), ["__typename": .string("Thing"), "note": .string("a\u{1b}b")])
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: [record])), sourceName: "controls")
        let text = Explorer(backend: backend, size: Size(width: 100, height: 24)).render().text
        #expect(text.contains(#"Bad\u{1B}Key"#), "\(text)")
        #expect(text.contains(#""a\u{1B}b""#), "\(text)")
        #expect(!text.contains("BadKey"))
    }
}
