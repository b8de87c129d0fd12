/// The stock theme, compiled in so the explorer looks right with no files around; the same
/// text as `themes/default.json` (a test keeps them equal).
extension Theme {
    /// The default theme.
    package static let `default`: Theme = (try? Theme.load(json: defaultJSON, source: "default")) ?? Theme(name: "default", styles: [:])

    /// A theme with no colours: attributes only, for `NO_COLOR` and the monochrome fallback.
    package var withoutColors: Theme {
        Theme(name: name, styles: styles.mapValues(\.withoutColors))
    }

    static let defaultJSON = #"""
{
  "name": "default",
  "palette": {
    "fg": "#d0d0d0", "bg": "default", "dim": "#808080", "accent": "#5fafff",
    "green": "#87d787", "yellow": "#ffd75f", "red": "#ff5f5f", "magenta": "#d787d7",
    "cyan": "#5fd7d7", "blue": "#5f87ff", "selection": "#303a4a"
  },
  "roles": {
    "text": { "fg": "fg" },
    "text.dim": { "fg": "dim" },
    "border": { "fg": "dim" },
    "border.focused": { "fg": "accent", "bold": true },
    "title": { "fg": "fg", "bold": true },
    "title.focused": { "fg": "accent", "bold": true },
    "list.selection": { "fg": "fg", "bg": "selection", "bold": true },
    "list.match": { "fg": "yellow", "underline": true },
    "list.broken": { "fg": "magenta", "bold": true },
    "key.root": { "fg": "magenta", "bold": true },
    "key.typename": { "fg": "dim" },
    "field.name": { "fg": "cyan" },
    "value.null": { "fg": "dim", "italic": true },
    "value.bool": { "fg": "magenta" },
    "value.number": { "fg": "yellow" },
    "value.string": { "fg": "green" },
    "value.reference": { "fg": "blue", "underline": true },
    "value.dangling": { "fg": "red", "underline": true },
    "value.list": { "fg": "dim" },
    "status.bar": { "fg": "fg", "bg": "selection" },
    "status.message": { "fg": "green" },
    "status.error": { "fg": "red", "bold": true },
    "query.hit": { "fg": "green" },
    "query.miss": { "fg": "red", "bold": true },
    "diff.changed": { "fg": "yellow", "bold": true, "reverse": true },
    "help.key": { "fg": "accent", "bold": true },
    "hint.disabled": { "fg": "dim", "italic": true, "dim": true },
    "input.cursor": { "reverse": true },
    "dialog": { "fg": "fg", "bg": "selection" }
  }
}
"""#
}
