import CacheTestSupport
import Testing
@testable import GraphQLCache

/// `KeyShape.isPathKey` reads a key's bytes (lint and the census ask it of every record); it
/// must answer as the `String` reading it replaced, on keys of every shape, Unicode included.
@Suite struct KeyShapeTests {
    /// The earlier reading, over the `String`'s views.
    private func isPathKeyAsText(_ text: String) -> Bool {
        for root in ["QUERY_ROOT.", "MUTATION_ROOT.", "SUBSCRIPTION_ROOT."] where text.utf8.starts(with: root.utf8) { return true }
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
              let dot = utf8[colon...].firstIndex(of: UInt8(ascii: ".")) else { return false }
        let typename = text[..<colon]
        return !typename.isEmpty && typename.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && utf8.index(after: dot) < utf8.endIndex
    }

    @Test func aKeyIsAPathExactlyWhenItsTextSaysSo() {
        let pieces = ["QUERY_ROOT", "QUERY_ROOT.", "MUTATION_ROOT.", "SUBSCRIPTION_ROOT", "Droid", "caf\u{E9}", "cafe\u{301}",
                      "\u{212A}", "Type_1", "a-b", " ", ":", ".", "0", "x", "\u{1F600}", "[", "Z", "@", "`", "{"]
        var generator = SplitMix(seed: 7)
        var paths = 0
        for _ in 0..<20_000 {
            let key = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = isPathKeyAsText(key)
            #expect(KeyShape.isPathKey(CacheKey(key)) == expected, "\(key)")
            if expected { paths += 1 }
        }
        #expect(paths > 1_000)
        #expect(KeyShape.isPathKey("Droid:2001.friends.0"))
        #expect(KeyShape.isPathKey("Caf\u{E9}:1.x"))
        #expect(!KeyShape.isPathKey("Droid:2001"))
        #expect(!KeyShape.isPathKey("Droid:2001."))
        #expect(!KeyShape.isPathKey("a-b:1.x"))
    }
}
