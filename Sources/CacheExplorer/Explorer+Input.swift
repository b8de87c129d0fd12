import GraphQLCache

/// Keys while a prompt or overlay has the keyboard.
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

    mutating func filterKey(_ key: Key, _ input: LineInput) {
        switch LineEditor.apply(key, to: input) {
        case .changed(let input):
            state.mode = .filter(input)
            applyFilter(input.text)
        case .submitted(let text):
            state.mode = .normal
            let count = state.list.countIsExact ? "\(state.list.count)" : "at least \(state.list.count)"
            inform(text.isEmpty ? "filter cleared" : "\(count) keys match \"\(text)\"; n/N next/previous")
        case .cancelled:
            state.mode = .normal
            applyFilter("")
        case .ignored:
            break
        }
    }

    mutating func commandKey(_ key: Key, _ input: LineInput) {
        promptKey(key, input, mode: Mode.command) { $0.runCommandLine($1) }
    }

    mutating func patternKey(_ key: Key, _ input: LineInput) {
        promptKey(key, input, mode: Mode.deletePattern) { $0.previewPatternDelete($1) }
    }

    mutating func watchInputKey(_ key: Key, _ input: LineInput) {
        promptKey(key, input, mode: Mode.watchInput) { $0.addWatch($1) }
    }

    /// A key in a one-line prompt: edit it (staying in `mode`), submit it to `submit`, or leave.
    private mutating func promptKey(_ key: Key, _ input: LineInput, mode: (LineInput) -> Mode,
                                    submit: (inout Explorer, String) -> Void) {
        switch LineEditor.apply(key, to: input) {
        case .changed(let input): state.mode = mode(input)
        case .submitted(let text):
            state.mode = .normal
            submit(&self, text)
        case .cancelled: state.mode = .normal
        case .ignored: break
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
            if list.references.indices.contains(list.selected) {
                open(list.references[list.selected].record)
                state.focus = .record
            }
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

    /// Keys typed into the query console (Tab switches between document and variables);
    /// false when the key is not the console's.
    mutating func consoleKey(_ key: Key) -> Bool {
        switch key {
        case .tab, .backTab:
            state.console.editingVariables.toggle()
            return true
        case .up, .down, .pageUp, .pageDown, .escape, .control("c"), .home, .end: return false
        default: break
        }
        let editing = state.console.editingVariables ? state.console.variables : state.console.input
        switch LineEditor.apply(key, to: editing) {
        case .changed(let input):
            if state.console.editingVariables { state.console.variables = input } else { state.console.input = input }
        case .submitted: runQuery(state.console.input.text)
        case .cancelled, .ignored: return false
        }
        return true
    }
}
