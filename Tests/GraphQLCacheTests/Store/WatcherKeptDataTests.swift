import Testing
@testable import GraphQLCache

/// A watcher keeps the data it delivered (to tell a repeat) only while it is small: a long
/// list's result is not held between deliveries.
@Suite struct WatcherKeptDataTests {
    @Test func onlySmallResultsAreKeptToTellARepeat() {
        let limit = QueryWatcher.keptValueLimit
        let small: JSONObject = ["items": .array((0..<10).map { .object(["id": .int($0)]) })]
        // The root object, the list and its elements: one value over the limit.
        let large: JSONObject = ["items": .array((0..<(limit - 1)).map { .int($0) })]
        let justFits: JSONObject = ["items": .array((0..<(limit - 2)).map { .int($0) })]
        #expect(QueryWatcher.kept(small) == small)
        #expect(QueryWatcher.kept(justFits) == justFits)
        #expect(QueryWatcher.kept(large) == nil)
        #expect(QueryWatcher.kept(nil) == nil)
    }
}
