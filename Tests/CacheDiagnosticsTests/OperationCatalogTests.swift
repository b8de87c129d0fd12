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

    /// Collecting never throws: a broken file is one problem at its line and column, a spread of
    /// an undefined fragment one problem naming the operation, and every other operation an
    /// entry; a name used in two files is a warning and both run.
    @Test func collectingKeepsTheOperationsOfEveryOtherFile() {
        let catalog = OperationCatalog(collecting: [
            ("a/Hero.graphql", "query Hero { hero { name } }"),
            ("b/Bad.graphql", "query Q {\n  hero {\n"),
            ("c/Spread.graphql", "query S { hero { ...Missing } }"),
            ("d/Again.graphql", "\n  query Hero { hero { id } }"),
        ])
        #expect(catalog.entries.map(\.file) == ["a/Hero.graphql", "d/Again.graphql"])
        #expect(catalog.entries[1].location == DocumentLocation(line: 2, column: 3))
        #expect(catalog.entries[1].fileLocation(DocumentLocation(line: 1, column: 7)) == DocumentLocation(line: 2, column: 9))
        #expect(catalog.problems.map(\.severity) == [.error, .error, .warning])
        #expect(catalog.problems.map(\.place) == ["b/Bad.graphql:3:1", "c/Spread.graphql", "d/Again.graphql:2:3"])
        #expect(catalog.problems[1].operation == "S")
        #expect(catalog.problems[2].message == "operation Hero is also defined in a/Hero.graphql")
    }
}
