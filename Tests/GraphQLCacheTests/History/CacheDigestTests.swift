import GraphQLCache
import Testing

/// The digest a journal chains its entries with: the same for the same rows in any order and
/// in any process, different for other rows, and kept current row by row.
@Suite struct CacheDigestTests {
    @Test func orderDoesNotMatterAndContentDoes() {
        var a = CacheDigest(), b = CacheDigest(), c = CacheDigest()
        a.add(key: "A", json: Array(#"{"x":1}"#.utf8))
        a.add(key: "B", json: Array(#"{"y":2}"#.utf8))
        b.add(key: "B", json: Array(#"{"y":2}"#.utf8))
        b.add(key: "A", json: Array(#"{"x":1}"#.utf8))
        c.add(key: "A", json: Array(#"{"x":2}"#.utf8))
        c.add(key: "B", json: Array(#"{"y":2}"#.utf8))
        #expect(a == b)
        #expect(a != c)
    }

    @Test func removingARowUndoesAddingIt() {
        var digest = CacheDigest()
        digest.add(key: "A", json: [1, 2, 3])
        let one = digest
        digest.add(key: "B", json: [4])
        digest.remove(key: "B", json: [4])
        #expect(digest == one)
    }

    @Test func textRoundTripsAndIsStable() {
        var digest = CacheDigest()
        digest.add(key: "Human:1000", json: Array(#"{"name":"Luke"}"#.utf8))
        #expect(CacheDigest(hex: digest.description, rows: 1) == digest)
        // Fixed across runs and machines (no per-process hash seed): journals compare them.
        #expect(digest.description == "82b2c0f7b718c20d")
        #expect(digest.description.count == 16)
        #expect(CacheDigest(hex: "xyz", rows: 0) == nil)
    }
}
