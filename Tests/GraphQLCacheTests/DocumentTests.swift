import Testing
@testable import GraphQLCache

/// Parsing and validating documents: errors with line and column, operation names, variable
/// checks, and the text sent to servers.
@Suite struct DocumentTests {
    private func documentError(_ executor: GraphQLExecutor, _ document: String, _ name: String? = nil) -> (String, [DocumentLocation])? {
        do {
            _ = try executor.operation(document: document, operationName: name)
            return nil
        } catch {
            guard case .invalidDocument(let message, let locations) = error else { return nil }
            return (message, locations)
        }
    }

    @Test func syntaxErrorsCarryLineAndColumn() {
        let error = documentError(GraphQLExecutor(), "{\n  hero {\n    name\n  }\n")
        #expect(error?.1 == [DocumentLocation(line: 5, column: 1)])
    }

    @Test func validationErrorsCarryLineAndColumnWithASchema() throws {
        let executor = try OperationFixture.starWars().executor
        let error = documentError(executor, "{\n  hero {\n    nickname\n  }\n}")
        #expect(error?.0.contains("nickname") == true)
        #expect(error?.1 == [DocumentLocation(line: 3, column: 5)])
    }

    @Test func operationNameChoosesAmongSeveral() throws {
        let executor = GraphQLExecutor()
        let document = "query A { a } mutation B { b }"
        #expect(try executor.operation(document: document, operationName: "B").rootKey == .mutationRoot)
        #expect(try executor.operation(document: document, operationName: "A").operationType == .query)
        #expect(documentError(executor, document)?.0.contains("operationName is required") == true)
        #expect(documentError(executor, document, "C")?.0.contains("Unknown operation") == true)
    }

    @Test func variablesOfTheWrongTypeNameTheVariable() throws {
        let executor = try OperationFixture.starWars().executor
        #expect {
            try executor.operation(document: "query($id: ID!) { human(id: $id) { name } }", variables: ["id": .bool(true)])
        } throws: { error in
            guard case GraphQLCacheError.invalidVariables(let name, _)? = error as? GraphQLCacheError else { return false }
            return name == "id"
        }
    }

    @Test func defaultsAreFilledIntoTheOperationVariables() throws {
        let operation = try GraphQLExecutor().operation(document: "query($e: Episode = JEDI, $n: Int) { hero(episode: $e) { name } }")
        #expect(operation.variables == ["e": .string("JEDI")])
    }

    @Test func networkDocumentAddsTypenameToEveryObjectSelection() throws {
        let executor = GraphQLExecutor()
        let operation = try executor.operation(document: "query Hero { hero { name friends { __typename name } ... on Droid { primaryFunction } } }")
        #expect(executor.networkDocument(for: operation)
            == "query Hero { hero { __typename name friends { __typename name } ... on Droid { primaryFunction } } }")
        let fragment = try executor.fragment(document: "fragment F on Droid { name owner { name } }")
        #expect(executor.networkDocument(for: fragment) == "fragment F on Droid { __typename name owner { __typename name } }")
    }

    @Test func networkDocumentKeepsNonASCIITextIntact() throws {
        let executor = GraphQLExecutor()
        let operation = try executor.operation(document: #"{ search(text: "Ünïcode ✓") { name } }"#)
        #expect(executor.networkDocument(for: operation) == #"{ search(text: "Ünïcode ✓") { __typename name } }"#)
    }

    @Test func fragmentDocumentsValidateWithoutUnusedFragmentErrors() throws {
        let executor = try OperationFixture.starWars().executor
        let fragment = try executor.fragment(document: "fragment A on Droid { name } fragment B on Human { name }", fragmentName: "B")
        #expect(fragment.typeCondition == "Human" && fragment.name == "B")
    }

    @Test func fragmentCyclesAreRejectedWithoutASchema() {
        let error = documentError(GraphQLExecutor(), "{ hero { ...A } } fragment A on Hero { friends { ...A } }")
        #expect(error?.0.contains("within itself") == true)
    }
}
