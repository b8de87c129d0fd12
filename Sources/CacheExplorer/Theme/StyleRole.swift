/// What a cell means, not how it looks: render code asks for a role and the theme decides the
/// colours, so no view carries a colour literal and every theme covers every view.
package enum StyleRole: String, CaseIterable, Hashable, Sendable {
    case text
    case textDim = "text.dim"
    case border
    case borderFocused = "border.focused"
    case title
    case titleFocused = "title.focused"
    case listSelection = "list.selection"
    case listMatch = "list.match"
    /// A row whose record is not valid record JSON.
    case listBroken = "list.broken"
    case keyRoot = "key.root"
    case keyTypename = "key.typename"
    case fieldName = "field.name"
    case valueNull = "value.null"
    case valueBool = "value.bool"
    case valueNumber = "value.number"
    case valueString = "value.string"
    case valueReference = "value.reference"
    case valueDangling = "value.dangling"
    case valueList = "value.list"
    case statusBar = "status.bar"
    case statusMessage = "status.message"
    case statusError = "status.error"
    case queryHit = "query.hit"
    case queryMiss = "query.miss"
    case diffChanged = "diff.changed"
    case helpKey = "help.key"
    /// A key the state refuses (read-only, nothing to undo): greyed out in hints and help.
    case hintDisabled = "hint.disabled"
    /// The character under a line input's cursor when the cursor is not at the end.
    case inputCursor = "input.cursor"
    case dialog
}
