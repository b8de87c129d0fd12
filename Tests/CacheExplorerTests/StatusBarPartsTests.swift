import Testing
@testable import CacheExplorer

/// The status bar says where you are: file, records in grouped digits, schema, network, policy,
/// mode and read-only; on a narrow screen the policy, the network and then the schema give way.
@Suite struct StatusBarPartsTests {
    private func state(width: Int) -> ExplorerState {
        var state = ExplorerState(size: Size(width: width, height: 24), sourceName: "/data/app/cache.sqlite", readOnly: true)
        state.list = RecordListState(count: 100_101, rows: [])
        state.schemaTypes = 24
        state.networkName = "127.0.0.1:8000"
        return state
    }

    @Test func aWideBarSaysEverything() {
        let parts = StatusBarParts(state(width: 200)).fitted(width: 200, fixed: ["BROWSE", "read-only"])
        #expect(parts == ["/data/app/cache.sqlite", "100,101 records", "schema: 24 types", "127.0.0.1:8000",
                          "policy: returnCacheDataDontFetch"])
    }

    @Test func aNarrowBarShortensThenDropsThePolicyNetworkAndSchemaFirst() {
        let parts = StatusBarParts(state(width: 60)).fitted(width: 60, fixed: ["BROWSE", "read-only"])
        #expect(parts == ["cache.sqlite", "100,101 records"])
    }

    @Test func aFailedIntrospectionAndNoSchemaAreSaid() {
        var failed = state(width: 200)
        failed.schemaProblem = "HTTP 401"
        #expect(StatusBarParts(failed).fitted(width: 200, fixed: []).contains("introspection failed: HTTP 401"))
        var none = state(width: 200)
        none.schemaTypes = nil
        none.networkName = nil
        let parts = StatusBarParts(none).fitted(width: 200, fixed: [])
        #expect(parts.contains("no schema") && parts.contains("offline"))
    }
}
