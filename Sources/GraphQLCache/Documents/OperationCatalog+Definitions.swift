import GraphQL

extension OperationCatalog {
    /// The operations and fragments of every file, gathered before any operation is made into a
    /// document (a fragment may be defined in a later file than the operation that spreads it).
    struct Definitions {
        struct Operation {
            let name: String
            let file: String
            let kind: String
            let text: String
            let spreads: Set<String>
            let location: DocumentLocation
        }

        struct Fragment {
            let text: String
            let spreads: Set<String>
            let file: String
        }

        var operations: [Operation] = []
        var fragments: [String: Fragment] = [:]
        var problems: [Problem] = []

        /// Adds a file's definitions; a file that does not parse is one problem and adds nothing.
        mutating func add(_ file: (path: String, text: String)) {
            let document: Document
            do { document = try parse(source: file.text) } catch {
                problems.append(Self.syntaxProblem(error, file: file.path))
                return
            }
            let bytes = Array(file.text.utf8)
            let starts = document.definitions.map { $0.loc?.start ?? 0 } + [bytes.count]
            for (index, definition) in document.definitions.enumerated() {
                let text = Self.slice(bytes, from: starts[index], to: starts[index + 1])
                if let operation = definition as? OperationDefinition {
                    let location = DocumentCompiler.locations(operation.loc).first ?? DocumentLocation(line: 1, column: 1)
                    operations.append(Operation(name: operation.name?.value ?? "(anonymous)", file: file.path,
                                                kind: operation.operation.rawValue, text: text,
                                                spreads: Self.spreads(operation.selectionSet), location: location))
                } else if let fragment = definition as? FragmentDefinition {
                    add(fragment, text: text, file: file.path)
                }
            }
        }

        /// A fragment, unless one of that name was defined before (then a problem; the first stays).
        private mutating func add(_ fragment: FragmentDefinition, text: String, file: String) {
            let name = fragment.name.value
            guard let earlier = fragments[name] else {
                fragments[name] = Fragment(text: text, spreads: Self.spreads(fragment.selectionSet), file: file)
                return
            }
            problems.append(Problem(severity: .error, file: file, operation: nil,
                                    location: DocumentCompiler.locations(fragment.loc).first,
                                    message: "fragment \"\(name)\" is also defined in \(earlier.file)"))
        }

        /// The operation's text followed by every fragment it needs, directly or through other
        /// fragments; or the problem of a spread no file defines.
        func document(for operation: Operation) -> Result<String, Problem> {
            var needed: [String] = []
            var pending = operation.spreads.sorted()
            while let name = pending.popLast() {
                guard !needed.contains(name) else { continue }
                guard let fragment = fragments[name] else {
                    return .failure(Problem(severity: .error, file: operation.file, operation: operation.name, location: nil,
                                            message: "operation \(operation.name) spreads fragment \"\(name)\", which no file defines"))
                }
                needed.append(name)
                pending += fragment.spreads.sorted()
            }
            return .success(([operation.text] + needed.sorted().compactMap { fragments[$0]?.text }).joined(separator: "\n\n"))
        }

        private static func syntaxProblem(_ error: any Error, file: String) -> Problem {
            let location: DocumentLocation?
            let message: String
            if case .invalidDocument(let text, let locations) = CompiledDocument.documentError(error) {
                (message, location) = (text, locations.first)
            } else {
                (message, location) = ("\(error)", nil)
            }
            return Problem(severity: .error, file: file, operation: nil, location: location, message: message)
        }

        /// A definition's text: from its start to the next definition's (GraphQL's end offsets
        /// are not reliable for every definition kind).
        private static func slice(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
            guard start <= end, end <= bytes.count else { return "" }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// Fragment names spread anywhere in a selection set.
        private static func spreads(_ selectionSet: SelectionSet?) -> Set<String> {
            var names: Set<String> = []
            for selection in selectionSet?.selections ?? [] {
                switch selection {
                case let field as Field: names.formUnion(spreads(field.selectionSet))
                case let spread as FragmentSpread: names.insert(spread.name.value)
                case let inline as InlineFragment: names.formUnion(spreads(inline.selectionSet))
                default: continue
                }
            }
            return names
        }
    }
}
