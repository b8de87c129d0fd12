import GraphQLCache

/// Keys while an overlay has the keyboard: the overlay's rows in `OverlayKeys` run their
/// actions, as the panes' rows do; a key with no row closes the overlay when its table says
/// `any other key` closes it, and does nothing otherwise (the write log).
extension Explorer {
    /// Runs `key` against the rows of the overlay in `state.mode`.
    mutating func overlayKey(_ key: Key) {
        guard let table = OverlayKeys.table(for: state.mode) else { return }
        if let row = OverlayKeys.row(in: table, for: key, keyMap: keyMap), let action = row.action {
            action(&self)
        } else if OverlayKeys.closesOnOtherKeys(table) {
            state.mode = .normal
        }
    }

    /// Closes the overlay, then asks to quit (unsaved work is asked about there).
    mutating func quitFromOverlay() {
        state.mode = .normal
        requestQuit()
    }

    /// Moves the selection of the list overlay on screen by `step`.
    mutating func stepOverlay(_ step: ListStep) {
        switch state.mode {
        case .inbound(let list): state.mode = .inbound(list.stepped(step))
        case .lint(let list): state.mode = .lint(list.stepped(step))
        case .caches(let list): state.mode = .caches(list.stepped(step))
        case .readers(let list): state.mode = .readers(list.stepped(step))
        case .diff(let list): state.mode = .diff(list.stepped(step))
        case .sizes(let list): state.mode = .sizes(list.stepped(step))
        default: break
        }
    }

    /// Scrolls the help overlay by `lines`; scrolling stops when its last line (the mouse) is
    /// at the overlay's bottom.
    mutating func scrollHelp(by lines: Int) {
        guard case .help(let top) = state.mode else { return }
        let lineCount = HelpText(keyMap: keyMap, themeName: theme.name, state: state).lines.count
        let last = max(0, lineCount - max(1, state.size.height - 4))
        state.mode = .help(top: max(0, min(top + lines, last)))
    }

    /// Enter on a record row of a list overlay: the overlay closes and the record opens in the
    /// record pane.
    mutating func openFromOverlay(_ key: CacheKey) {
        state.mode = .normal
        open(key)
        state.focus = .record
    }
}
