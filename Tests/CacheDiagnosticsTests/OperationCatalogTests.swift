import Testing
@testable import GraphQLCache

/// An app's `.graphql` files made into one document per operation, fragments found across files.
@Suite struct OperationCatalogTests {
    @Test func fragmentsAreResolvedAcrossFilesTransitively() throws {
        let catalog = try OperationCatalog(files: [
            ("a/Hero.graphql", "query Hero { hero { ...HeroFields } }\nmutation M { createReview(review: {stars: 1}) }"),
            ("b/Fragments.graphql", "fragment HeroFields on Character { name ...Ids }\nfragment Ids on Character { id }\nfragment Unused on Character { name }"),
        ])
        #expect(catalog.entries.map(\.name) == ["Hero", "M"])
        #expect(catalog.entries.map(\.kind) == ["query", "mutation"])
        let hero = catalog.entries[0].document
        #expect(hero.contains("fragment HeroFields on Character"))
        #expect(hero.contains("fragment Ids on Character"))
        #expect(!hero.contains("Unused"))
        #expect(!hero.contains("mutation"))
        let executor = GraphQLExecutor(configuration: CacheConfiguration(schema: try CacheSchema.load(sdl: [DiagnosisFixture.sdl])))
        _ = try executor.operation(document: hero)
    }

    @Test func anUndefinedFragmentAndASyntaxErrorNameTheFile() {
        #expect(thrownMessage { _ = try OperationCatalog(files: [("x/Q.graphql", "query Q { hero { ...Missing } }")]) }
            == #"x/Q.graphql: operation Q spreads fragment "Missing", which no file defines"#)
        let syntax = thrownMessage { _ = try OperationCatalog(files: [("x/Bad.graphql", "query Q {\n  hero {\n")]) }
        #expect(syntax?.hasPrefix("x/Bad.graphql:3:1: ") == true)
    }
}
