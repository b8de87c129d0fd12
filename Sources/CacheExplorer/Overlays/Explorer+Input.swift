import GraphQLCache

/// Keys while an overlay (help, inbound references) has the keyboard.
extension Explorer {
    mutating func helpKey(_ key: Key, top: Int) {
        // Scrolling stops when the last line (commands, mouse) is at the bottom of the overlay.
        let lineCount = HelpText(keyMap: keyMap, themeName: theme.name, state: state).lines.count
        let last = max(0, lineCount - max(1, state.size.height - 4))
        switch keyMap.command(for: key) {
        case .moveDown?: state.mode = .help(top: min(top + 1, last))
        case .moveUp?: state.mode = .help(top: max(0, top - 1))
        case .pageDown?: state.mode = .help(top: min(top + 10, last))
        case .pageUp?: state.mode = .help(top: max(0, top - 10))
        case .quit?:
            state.mode = .normal
            requestQuit()
        default: state.mode = .normal
        }
    }

    mutating func inboundKey(_ key: Key, _ list: InboundList) {
        var list = list
        switch keyMap.command(for: key) {
        case .moveDown?: list.selected = min(list.selected + 1, max(0, list.references.count - 1))
        case .moveUp?: list.selected = max(0, list.selected - 1)
        case .top?: list.selected = 0
        case .bottom?: list.selected = max(0, list.references.count - 1)
        case .follow?:
            state.mode = .normal
            if list.references.indices.contains(list.selected) { openInbound(list.references[list.selected]) }
            return
        case .quit?:
            state.mode = .normal
            requestQuit()
            return
        default:
            state.mode = .normal
            return
        }
        state.mode = .inbound(list)
    }
}
