import CacheHarness
import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing
import SQLiteBaseline

/// The `ui` op: the headless explorer on the harness's store, keys in, screen text out.
@Suite struct HarnessUIOpTests {
    private func run(_ harness: Harness, _ line: String) -> [String] { harness.handle(line: line) }

    private func screen(_ lines: [String]) throws -> String {
        let response = try JSONValue.parse(try #require(lines.last))
        return try #require(response["screen"]?.stringValue)
    }

    @Test func keysDriveTheExplorerAndTheScreenComesBack() throws {
        let harness = Harness(cache: InMemoryNormalizedCache())
        _ = run(harness, #"{"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"name":"R2-D2"}}}"#)
        let first = try screen(run(harness, #"{"id":1,"op":"ui","keys":["Enter"],"size":[60,8]}"#))
        #expect(first.contains("QUERY_ROOT · 1 field"))
        #expect(first.contains("hero  → Droid:2001"))
        let second = try screen(run(harness, #"{"id":2,"op":"ui","keys":["Enter"],"size":[60,8]}"#))
        #expect(second.contains("Droid:2001 · 1 field"))
        #expect(second.contains("QUERY_ROOT › Droid:2001"))
        #expect(second.split(separator: "\n").count == 8)
    }

    @Test func aPasteGoesInWholeAndAMultiLineQueryRunsOnlyOnEnter() throws {
        let harness = Harness(cache: InMemoryNormalizedCache())
        _ = run(harness, #"{"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"name":"R2-D2"}}}"#)
        let pasted = try screen(run(harness, #"{"op":"ui","keys":["c"],"paste":"{ hero {\n  name\n} }"}"#))
        #expect(!pasted.contains("name: \"R2-D2\""))
        let ran = try screen(run(harness, #"{"op":"ui","keys":["Enter"]}"#))
        #expect(ran.contains("name: \"R2-D2\""))
        let refused = run(harness, #"{"id":3,"op":"ui","paste":7}"#)
        #expect(refused.last?.contains(#"field \"paste\" must be a string, found integer"#) == true)
    }

    @Test func theExplorerSeesChangesMadeByOtherOps() throws {
        let harness = Harness(cache: InMemoryNormalizedCache())
        _ = run(harness, #"{"op":"merge","records":{"Droid:2001":{"name":"R2-D2"}}}"#)
        _ = run(harness, #"{"op":"ui","keys":["Enter"]}"#)
        _ = run(harness, #"{"op":"setField","key":"Droid:2001","field":"name","value":"Artoo"}"#)
        #expect(try screen(run(harness, #"{"op":"ui"}"#)).contains("\"Artoo\""))
    }

    @Test func anEditInTheUINotifiesTheHarnessWatchers() throws {
        let harness = Harness(cache: InMemoryNormalizedCache())
        _ = run(harness, #"{"op":"config","cacheKey":{"fields":["id"],"format":"typed"}}"#)
        _ = run(harness, #"{"op":"write","document":"{ hero { id name } }","data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#)
        _ = run(harness, #"{"op":"watch","watch":"w","document":"{ hero { name } }","policy":"cacheOnly"}"#)
        // Droid:2001 is the second key; open it, select name (last field), edit it.
        let lines = run(harness, #"{"id":9,"op":"ui","keys":["j","Enter","G","e","C-u","Artoo","Enter"]}"#)
        #expect(lines.count == 2)
        #expect(lines.first == #"{"event":"watch","watch":"w","source":"cache","data":{"hero":{"name":"Artoo"}}}"#)
        #expect(try screen(lines).contains("Droid:2001.name = \"Artoo\"; u undoes"))
    }

    @Test func aFilterOnABigFileShowsItsExactCountNotOneStillBeingCounted() throws {
        // Over 100,000 keys the explorer shows `N+ matching` and counts the rest in the
        // background; a script must get the finished screen every time.
        let directory = try TemporaryDirectory()
        let path = directory.path("big.sqlite")
        try RawSQLiteBaseline(path: path).insert((0..<120_000).map { (key: CacheKey("Item:\($0)"), json: Array(#"{"n":1}"#.utf8)) })
        let harness = Harness(cache: try SQLiteNormalizedCache(path: path))
        let text = try screen(run(harness, #"{"op":"ui","keys":["/","Item:1"],"size":[100,12]}"#))
        #expect(text.contains("31,111 matching"))
        #expect(!text.contains("+ matching"))
    }

    @Test func badKeysAndSizesAreBadRequests() {
        let harness = Harness(cache: InMemoryNormalizedCache())
        #expect(run(harness, #"{"id":1,"op":"ui","keys":"j"}"#).last?.contains(#""code":"badRequest""#) == true)
        #expect(run(harness, #"{"id":2,"op":"ui","keys":[1]}"#).last?.contains(#""code":"badRequest""#) == true)
        #expect(run(harness, #"{"id":3,"op":"ui","size":[5,5]}"#).last?.contains("out of range") == true)
        #expect(run(harness, #"{"id":4,"op":"ui","size":"big"}"#).last?.contains(#""code":"badRequest""#) == true)
    }
}
