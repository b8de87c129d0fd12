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
        let outcome = listOverlayKey(key, selected: list.selected, count: list.references.count)
        closeListOverlay(for: outcome)
        switch outcome {
        case .moved(let row):
            var list = list
            list.selected = row
            state.mode = .inbound(list)
        case .chosen(let row): openInbound(list.references[row])
        case .quit, .close: break
        }
    }
}
