import GraphQL

/// The operations of an app's `.graphql` files, each made into a document of its own: the
/// operation's text plus every fragment it spreads (directly or through other fragments),
/// wherever in the files those are defined. `cachelens check` runs each against a cache.
public struct OperationCatalog: Sendable {
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
    }

    /// The operations in file order.
    public let entries: [Entry]

    /// Parses every file; a syntax error, a fragment defined twice or a spread of an undefined
    /// fragment is an `invalidDocument` error naming the file (and line and column).
    public init(files: [(path: String, text: String)]) throws(GraphQLCacheError) {
        var fragments: [String: (text: String, spreads: Set<String>, file: String)] = [:]
        var operations: [(name: String, file: String, kind: String, text: String, spreads: Set<String>)] = []
        for file in files {
            let document: Document
            do { document = try parse(source: file.text) } catch {
                throw Self.named(CompiledDocument.documentError(error), file: file.path)
            }
            let bytes = Array(file.text.utf8)
            let starts = document.definitions.map { $0.loc?.start ?? 0 } + [bytes.count]
            for (index, definition) in document.definitions.enumerated() {
                let text = Self.slice(bytes, from: starts[index], to: starts[index + 1])
                switch definition {
                case let operation as OperationDefinition:
                    operations.append((operation.name?.value ?? "(anonymous)", file.path, operation.operation.rawValue,
                                       text, Self.spreads(operation.selectionSet)))
                case let fragment as FragmentDefinition:
                    let name = fragment.name.value
                    if let earlier = fragments[name] {
                        throw .invalidDocument(message: "\(file.path): fragment \"\(name)\" is also defined in \(earlier.file)",
                                               locations: DocumentCompiler.locations(fragment.loc))
                    }
                    fragments[name] = (text, Self.spreads(fragment.selectionSet), file.path)
                default:
                    continue
                }
            }
        }
        var entries: [Entry] = []
        for operation in operations {
            var needed: [String] = []
            var pending = operation.spreads.sorted()
            while let name = pending.popLast() {
                guard !needed.contains(name) else { continue }
                guard let fragment = fragments[name] else {
                    throw .invalidDocument(message: "\(operation.file): operation \(operation.name) spreads fragment \"\(name)\", which no file defines",
                                           locations: [])
                }
                needed.append(name)
                pending += fragment.spreads.sorted()
            }
            let text = ([operation.text] + needed.sorted().compactMap { fragments[$0]?.text }).joined(separator: "\n\n")
            entries.append(Entry(name: operation.name, file: operation.file, kind: operation.kind, document: text))
        }
        self.entries = entries
    }

    /// A definition's text: from its start to the next definition's (GraphQL's end offsets are
    /// not reliable for every definition kind).
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

    private static func named(_ error: GraphQLCacheError, file: String) -> GraphQLCacheError {
        guard case .invalidDocument(let message, let locations) = error else { return error }
        let at = locations.first.map { ":\($0.line):\($0.column)" } ?? ""
        return .invalidDocument(message: "\(file)\(at): \(message)", locations: locations)
    }
}
