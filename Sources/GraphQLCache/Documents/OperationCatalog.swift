/// The operations of an app's `.graphql` files, each made into a document of its own: the
/// operation's text plus every fragment it spreads (directly or through other fragments),
/// wherever in the files those are defined. `cachelens check` runs each against a cache.
package struct OperationCatalog: Sendable {
    /// One operation, ready to compile.
    public struct Entry: Sendable, Hashable {
        /// The operation's name (`(anonymous)` for an unnamed one).
        public let name: String
        /// The file that defines it.
        public let file: String
        /// `query`, `mutation` or `subscription`.
        public let kind: String
        /// The operation text followed by the fragments it needs.
        public let document: String
        /// Where the operation starts in `file`: a location in `document` on its first line is
        /// this far along the file's line (see `fileLocation`).
        public let location: DocumentLocation

        /// A location in `document` (say, of a validation error) as a place in `file`.
        public func fileLocation(_ inDocument: DocumentLocation) -> DocumentLocation {
            DocumentLocation(line: location.line + inDocument.line - 1,
                             column: inDocument.line == 1 ? location.column + inDocument.column - 1 : inDocument.column)
        }
    }

    /// The operations in file order, except those a problem keeps from running.
    public let entries: [Entry]
    /// What could not be made into an entry (errors) and what is suspicious (warnings), in file
    /// order.
    public let problems: [Problem]

    /// Parses every file; the first error (a syntax error, a fragment defined twice, a spread of
    /// an undefined fragment) is thrown as an `invalidDocument` error naming the file (and line and
    /// column). Warnings are not errors.
    public init(files: [(path: String, text: String)]) throws(GraphQLCacheError) {
        self.init(collecting: files)
        if let first = problems.first(where: { $0.severity == .error }) { throw first.error }
    }

    /// Parses every file and never fails: a file that does not parse, a second definition of a
    /// fragment and an operation that spreads an undefined fragment become problems, and every
    /// other operation an entry, so one broken file does not hide the rest of an app.
    public init(collecting files: [(path: String, text: String)]) {
        var definitions = Definitions()
        for file in files { definitions.add(file) }
        var entries: [Entry] = []
        for operation in definitions.operations {
            switch definitions.document(for: operation) {
            case .success(let text):
                entries.append(Entry(name: operation.name, file: operation.file, kind: operation.kind, document: text,
                                     location: operation.location))
            case .failure(let problem):
                definitions.problems.append(problem)
            }
        }
        self.entries = entries
        self.problems = definitions.problems + Self.duplicateNames(definitions.operations)
    }

    /// One warning per operation name defined again in a later file, naming both files.
    private static func duplicateNames(_ operations: [Definitions.Operation]) -> [Problem] {
        var first: [String: Definitions.Operation] = [:]
        var problems: [Problem] = []
        for operation in operations where operation.name != "(anonymous)" {
            guard let earlier = first[operation.name] else { first[operation.name] = operation; continue }
            let also = earlier.file == operation.file ? "earlier in this file" : "in \(earlier.file)"
            problems.append(Problem(severity: .warning, file: operation.file, operation: operation.name, location: operation.location,
                                    message: "operation \(operation.name) is also defined \(also)"))
        }
        return problems
    }
}
