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
    /// `query Luke($id: ID!) { … }` is `id`. Read from the text before the first `{`, so it
    /// needs no schema and works on a document still being typed.
    package static func declared(in document: String) -> [String] {
        let head = document.prefix { $0 != "{" }
        guard let open = head.firstIndex(of: "(") else { return [] }
        var names: [String] = []
        var scalars = head[head.index(after: open)...].unicodeScalars.makeIterator()
        var current: String?
        while let scalar = scalars.next() {
            if scalar == "$" { current = ""; continue }
            guard let name = current else { continue }
            if scalar == "_" || scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) {
                current = name + String(scalar)
            } else {
                if !name.isEmpty, !names.contains(name) { names.append(name) }
                current = nil
            }
        }
        if let current, !current.isEmpty, !names.contains(current) { names.append(current) }
        return names
    }

    /// `{}`, or `{"id": null, "first": null}`: a variables line to fill in for `document`.
    package static func template(for document: String) -> String {
        let names = declared(in: document)
        guard !names.isEmpty else { return "{}" }
        return "{" + names.map { "\"\($0)\": null" }.joined(separator: ", ") + "}"
    }
}
