import GraphQLCache

/// A document's variables as the user types them (a JSON object, or nothing), and the variables
/// an operation declares, so that a prompt can offer them. Every place a document goes (the watch
/// prompt, `:watch`, `--watch --variables`, the console) reads variables here, so a mistake is
/// told the same way: a text that does not parse is called "the variables JSON", and a value of
/// the wrong type is named by its variable (by the executor's coercion).
package enum VariablesText {
    /// The object in `text` (empty text is no variables).
    package static func parse(_ text: String) throws -> JSONObject {
        guard !text.trimmed.isEmpty else { return JSONObject() }
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw ExplorerError.invalid("the variables JSON does not parse: \(error.description)")
        }
        guard let object = value.objectValue else {
            throw ExplorerError.invalid("the variables JSON must be an object ({\"id\": \"1000\"}), found \(value.kindName)")
        }
        return object
    }

    /// The variables the first operation of `document` declares, in order: `$id` of
    /// `query Luke($id: ID!) { … }` is `id` (`DeclaredVariable`).
    package static func declared(in document: String) -> [String] {
        DeclaredVariable.scan(document).map(\.name)
    }

    /// `{}`, or `{"id": null, "ep": "JEDI"}`: a variables line to fill in for `document`, each
    /// variable null but for one with a default, written as its default (a null would replace
    /// it) or, when the default is not a simple literal, left out (so that it applies).
    package static func template(for document: String) -> String {
        let entries = DeclaredVariable.scan(document).compactMap { variable -> String? in
            guard variable.hasDefault else { return "\"\(variable.name)\": null" }
            return variable.defaultJSON.map { "\"\(variable.name)\": \($0)" }
        }
        return "{" + entries.joined(separator: ", ") + "}"
    }
}
