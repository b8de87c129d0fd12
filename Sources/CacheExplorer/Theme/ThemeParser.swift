import GraphQLCache

/// Reads a theme object: `name`, `palette` (name -> colour) and `roles` (role -> style), and
/// rejects anything unknown with a message naming it.
struct ThemeParser {
    let source: String

    private static let styleKeys: Set<String> = ["fg", "bg", "bold", "underline", "reverse", "italic", "dim"]

    func theme(from object: JSONObject) throws(ExplorerError) -> Theme {
        for key in object.keys where !["name", "palette", "roles"].contains(key) {
            throw fail("unknown member \"\(key)\" (expected name, palette, roles)")
        }
        let palette = try self.palette(object["palette"])
        guard let rolesObject = object["roles"]?.objectValue else { throw fail("missing object \"roles\"") }
        var styles: [StyleRole: ThemeStyle] = [:]
        for (roleName, styleValue) in rolesObject {
            guard let role = StyleRole(rawValue: roleName) else { throw fail("unknown role \"\(roleName)\"") }
            styles[role] = try style(styleValue, role: roleName, palette: palette)
        }
        let name = object["name"]?.stringValue ?? source
        return Theme(name: name, styles: styles)
    }

    private func palette(_ value: JSONValue?) throws(ExplorerError) -> [String: ThemeColor] {
        guard let value else { return [:] }
        guard let object = value.objectValue else { throw fail("\"palette\" must be an object") }
        var palette: [String: ThemeColor] = [:]
        for (name, colourValue) in object {
            guard let text = colourValue.stringValue, let colour = ThemeColor(parsing: text) else {
                throw fail("palette \"\(name)\": unknown colour \(colourValue.jsonText)")
            }
            palette[name] = colour
        }
        return palette
    }

    private func style(_ value: JSONValue, role: String, palette: [String: ThemeColor]) throws(ExplorerError) -> ThemeStyle {
        guard let object = value.objectValue else { throw fail("role \"\(role)\" must be an object") }
        var style = ThemeStyle()
        for (key, member) in object {
            guard Self.styleKeys.contains(key) else { throw fail("role \"\(role)\": unknown attribute \"\(key)\"") }
            if key == "fg" || key == "bg" {
                let colour = try self.colour(member, role: role, palette: palette)
                if key == "fg" { style.foreground = colour } else { style.background = colour }
                continue
            }
            guard case .bool(let flag) = member else { throw fail("role \"\(role)\": \"\(key)\" must be true or false") }
            switch key {
            case "bold": style.bold = flag
            case "underline": style.underline = flag
            case "reverse": style.reverse = flag
            case "italic": style.italic = flag
            default: style.dim = flag
            }
        }
        return style
    }

    private func colour(_ value: JSONValue, role: String, palette: [String: ThemeColor]) throws(ExplorerError) -> ThemeColor? {
        guard let name = value.stringValue else { throw fail("role \"\(role)\": a colour must be a string") }
        if let colour = palette[name] { return colour == .terminalDefault ? nil : colour }
        if let colour = ThemeColor(parsing: name) { return colour == .terminalDefault ? nil : colour }
        throw fail("role \"\(role)\": unknown colour \"\(name)\"")
    }

    private func fail(_ message: String) -> ExplorerError { .theme(source: source, message: message) }
}
