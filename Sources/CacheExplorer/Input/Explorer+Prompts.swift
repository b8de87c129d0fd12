import GraphQLCache

/// Keys and pastes while a line input has the keyboard: the filter, the command line, the
/// delete pattern, the watch prompt and the query console. Each edits with `LineEditor` and
/// keeps its own history; a paste arrives whole (one edit, one filter), so a pasted query does
/// not run at every newline.
extension Explorer {
    mutating func filterKey(_ key: Key, _ input: LineInput) {
        switch LineEditor.apply(key, to: input, history: state.history[.filter] ?? []) {
        case .changed(let edited):
            state.mode = .filter(edited)
            if edited.text != input.text { applyFilter(edited.text) }
        case .submitted(let text):
            state.mode = .normal
            state.remember(text, in: .filter)
            // A text that did not apply (a bad regular expression) says why again, not a count.
            guard text == state.list.filter else { applyFilter(text); return }
            let count = state.list.countIsExact ? "\(state.list.count)" : "at least \(state.list.count)"
            let keys = state.list.count == 1 && state.list.countIsExact ? "key matches" : "keys match"
            let walk = "\(keyMap.keyName(.nextMatch))/\(keyMap.keyName(.previousMatch)) next/previous"
            inform(text.isEmpty ? "filter cleared" : "\(count) \(keys) \"\(text)\"; \(walk)")
        case .cancelled:
            state.mode = .normal
            applyFilter("")
        case .ignored:
            break
        }
    }

    mutating func commandKey(_ key: Key, _ input: LineInput) {
        if key == .tab { completeCommandLine(input); return }
        state.completion = nil
        promptKey(key, input, prompt: .command, mode: Mode.command) { $0.runCommandLine($1) }
    }

    mutating func patternKey(_ key: Key, _ input: LineInput) {
        promptKey(key, input, prompt: .deletePattern, mode: Mode.deletePattern) { $0.previewPatternDelete($1) }
    }

    mutating func watchInputKey(_ key: Key, _ input: LineInput) {
        promptKey(key, input, prompt: .watch, mode: Mode.watchInput) { $0.addWatch($1) }
    }

    /// A key in a one-line prompt: edit it (staying in `mode`), submit it to `submit`, or leave.
    private mutating func promptKey(_ key: Key, _ input: LineInput, prompt: Prompt, mode: (LineInput) -> Mode,
                                    submit: (inout Explorer, String) -> Void) {
        switch LineEditor.apply(key, to: input, history: state.history[prompt] ?? []) {
        case .changed(let input): state.mode = mode(input)
        case .submitted(let text):
            state.mode = .normal
            state.remember(text, in: prompt)
            submit(&self, text)
        case .cancelled: state.mode = .normal
        case .ignored: break
        }
    }

    /// Keys typed into the query console (Tab switches between document and variables, PgUp and
    /// PgDn scroll the result); false when the key is not the console's.
    mutating func consoleKey(_ key: Key) -> Bool {
        if consoleStepsMatches(key) { return true }
        switch key {
        case .tab, .backTab:
            state.console.editingVariables.toggle()
            return true
        case .pageUp, .pageDown, .escape, .control("c"): return false
        default: break
        }
        let prompt: Prompt = state.console.editingVariables ? .variables : .query
        let editing = state.console.editingVariables ? state.console.variables : state.console.input
        switch LineEditor.apply(key, to: editing, history: state.history[prompt] ?? []) {
        case .changed(let input): setConsoleLine(input)
        case .submitted:
            state.remember(state.console.input.text, in: .query)
            state.remember(state.console.variables.text, in: .variables)
            runQuery(state.console.input.text)
        case .cancelled, .ignored: return false
        }
        return true
    }

    private mutating func setConsoleLine(_ input: LineInput) {
        if state.console.editingVariables { state.console.variables = input } else { state.console.input = input }
    }

    /// Pasted text goes whole into the line input that has the keyboard, its line breaks made
    /// spaces (the console's document also drops `#` comment lines, as `:query FILE` does);
    /// nothing runs until Enter. Outside a line input a paste is refused with a word on where
    /// it can go.
    mutating func paste(_ text: String) {
        guard state.readsText else {
            if state.mode == .normal {
                inform("a paste goes into a prompt: \(keyMap.keyName(.filter)) filters, \(keyMap.keyName(.queryConsole)) opens the query console")
            }
            return
        }
        let intoDocument: Bool
        switch state.mode {
        case .normal: intoDocument = !state.console.editingVariables
        case .editWatch(let editor): intoDocument = !editor.editingVariables
        default: intoDocument = false
        }
        insertText(intoDocument ? Self.documentLine(text) : String(text.map { $0.isNewline ? " " : $0 }))
    }

    /// Inserts `text` at the cursor of the line input that has the keyboard, as one edit.
    mutating func insertText(_ text: String) {
        switch state.mode {
        case .filter(var input):
            input.insert(text)
            state.mode = .filter(input)
            applyFilter(input.text)
        case .command(var input):
            input.insert(text)
            state.mode = .command(input)
        case .deletePattern(var input):
            input.insert(text)
            state.mode = .deletePattern(input)
        case .watchInput(var input):
            input.insert(text)
            state.mode = .watchInput(input)
        case .edit(var dialog):
            dialog.input.insert(text)
            dialog.error = nil
            state.mode = .edit(dialog)
        case .editWatch(var editor):
            if editor.editingVariables { editor.variables.insert(text) } else { editor.document.insert(text) }
            editor.error = nil
            state.mode = .editWatch(editor)
        case .normal where state.focus == .query:
            var input = state.console.editingVariables ? state.console.variables : state.console.input
            input.insert(text)
            setConsoleLine(input)
        case .normal, .help, .inbound, .lint, .caches, .readers, .confirm:
            break
        }
    }

    /// A document's lines as one line: trimmed, `#` comments dropped, joined by spaces.
    static func documentLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.hasPrefix("#") }.joined(separator: " ")
    }
}
