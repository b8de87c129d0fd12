import CacheExplorer
import GraphQLCache
import Testing

/// The status bar's counts read as the command line prints them: grouped digits, and one
/// record in the singular.
@Suite struct StatusBarWordingTests {
    @Test func aLargeCountHasGroupedDigits() {
        let explorer = Explorer(backend: SyntheticBackend(count: 100_101), size: Size(width: 100, height: 24))
        #expect(explorer.render().text.contains("100,101 records"))
        #expect(!explorer.render().text.contains("100101"))
    }

    @Test func oneRecordIsSingular() {
        let explorer = Explorer(backend: SyntheticBackend(count: 1), size: Size(width: 100, height: 24))
        #expect(explorer.render().text.contains(" 1 record │"))
    }
}
