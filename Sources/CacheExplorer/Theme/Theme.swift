import GraphQLCache

/// A colour theme: a style for every `StyleRole`, loaded from JSON (a palette of named
/// colours, then roles) and validated, so a typo is a load error naming it, not a grey screen.
package struct Theme: Hashable, Sendable {
    /// The theme's name (`default`, `light`, ...), shown by `:theme`.
    package let name: String
    /// Styles by role; a role the file leaves out looks like `text`.
    package let styles: [StyleRole: ThemeStyle]

    package init(name: String, styles: [StyleRole: ThemeStyle]) {
        self.name = name
        self.styles = styles
    }

    /// The style of `role`.
    package subscript(role: StyleRole) -> ThemeStyle {
        styles[role] ?? styles[.text] ?? ThemeStyle()
    }

    /// Loads a theme from its JSON text; `source` names the file in errors.
    package static func load(json text: String, source: String) throws(ExplorerError) -> Theme {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw ExplorerError.theme(source: source, message: "not valid JSON: \(error.description)")
        }
        guard let object = value.objectValue else {
            throw ExplorerError.theme(source: source, message: "a theme must be a JSON object, found \(value.kindName)")
        }
        return try ThemeParser(source: source).theme(from: object)
    }
}
