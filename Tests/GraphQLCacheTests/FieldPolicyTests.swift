import Testing
@testable import GraphQLCache

/// `@fieldPolicy`: a field absent from its parent record resolves to the record its arguments
/// name, after a real write of that record by another query (no hand-seeded field).
@Suite struct FieldPolicyTests {
    private static let bookSDL = """
        type Query { book(id: ID!): Book featuredBooks: [Book!]! books(ids: [ID!]!): [Book] \
        bookBy(input: BookInput!): Book edition(isbn: String!, year: Int!): Edition }
        input BookInput { id: ID! }
        type Book { id: ID! title: String }
        type Edition { isbn: String! year: Int! }
        extend type Book @typePolicy(keyFields: "id")
        extend type Edition @typePolicy(keyFields: "isbn year")
        extend type Query @fieldPolicy(forField: "book", keyArgs: "id")
          @fieldPolicy(forField: "books", keyArgs: "ids")
          @fieldPolicy(forField: "bookBy", keyArgs: "input.id")
          @fieldPolicy(forField: "edition", keyArgs: "isbn year")
        """

    private func bookFixture() throws -> OperationFixture {
        let fixture = OperationFixture(configuration: CacheConfiguration(schema: try CacheSchema.load(sdl: [Self.bookSDL])))
        try fixture.write("{ featuredBooks { id title } }",
                          data: #"{"featuredBooks":[{"__typename":"Book","id":"123","title":"Dune"},{"__typename":"Book","id":"7","title":"Emma"}]}"#)
        return fixture
    }

    @Test func bookByIdResolvesToTheRecordFeaturedBooksWrote() throws {
        let fixture = try bookFixture()
        let result = try fixture.read(#"{ book(id: "123") { id title } }"#)
        #expect(result.isComplete)
        #expect(OperationFixture.text(result.data) == #"{"book":{"id":"123","title":"Dune"}}"#)
        #expect(result.dependentKeys.contains(FieldKey(record: .queryRoot, field: "book(id:123)")))
        #expect(result.dependentKeys.contains(FieldKey(record: "Book:123", field: "title")))
    }

    @Test func listArgumentGivesOneKeyPerElement() throws {
        let result = try bookFixture().read(#"{ books(ids: ["7", "123"]) { title } }"#)
        #expect(OperationFixture.text(result.data) == #"{"books":[{"title":"Emma"},{"title":"Dune"}]}"#)
    }

    @Test func dotPathsReachIntoInputObjects() throws {
        let result = try bookFixture().read(#"query($i: BookInput!) { bookBy(input: $i) { title } }"#, #"{"i":{"id":"7"}}"#)
        #expect(OperationFixture.text(result.data) == #"{"bookBy":{"title":"Emma"}}"#)
    }

    @Test func severalArgumentsJoinWithPlus() throws {
        let fixture = try bookFixture()
        try fixture.cache.merge(records: RecordSet(records: [Record(key: "Edition:978+1965", ["isbn": .string("978"), "year": .int(1965)])]))
        let result = try fixture.read(#"{ edition(isbn: "978", year: 1965) { year } }"#)
        #expect(OperationFixture.text(result.data) == #"{"edition":{"year":1965}}"#)
    }

    @Test func unknownIdIsADanglingReference() throws {
        let result = try bookFixture().read(#"{ book(id: "999") { title } }"#)
        #expect(result.misses.first?.reason == .danglingReference)
        #expect(result.misses.first?.reference == "Book:999")
    }

    @Test func interfaceReturnTypesFindTheConcreteRecord() throws {
        let fixture = try OperationFixture.starWars()
        try fixture.write("{ hero { id name } }", data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        let result = try fixture.read(#"{ character(id: "2001") { name } droid(id: "2001") { name } }"#)
        #expect(result.isComplete)
        #expect(OperationFixture.text(result.data) == #"{"character":{"name":"R2-D2"},"droid":{"name":"R2-D2"}}"#)
    }

    @Test func storedFieldWinsOverThePolicy() throws {
        let fixture = try bookFixture()
        try fixture.write(#"{ book(id: "123") { id title } }"#, data: #"{"book":{"__typename":"Book","id":"7","title":"Emma"}}"#)
        let result = try fixture.read(#"{ book(id: "123") { title } }"#)
        #expect(OperationFixture.text(result.data) == #"{"book":{"title":"Emma"}}"#)
    }
}
