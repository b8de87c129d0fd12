/// `n`/`N` in the query console. Its lines take every letter as text, so there the match keys
/// that are not letters (`C-n`/`C-o`) step through the `:find` or filter matches on any line,
/// as `n`/`N` do in every other pane, and show the match in the record pane. `n`/`N` themselves
/// step on an empty document line, since no GraphQL document starts with `n` (documents start
/// with `{`, `query`, `mutation`, `subscription`, `fragment` or `#`).
extension Explorer {
    /// Steps to the next or previous match when `key` is a match key that is not text, or one
    /// pressed on an empty document line, and there are matches to step through; false
    /// otherwise (the key is text).
    mutating func consoleStepsMatches(_ key: Key) -> Bool {
        guard let command = keyMap.command(for: key), command == .nextMatch || command == .previousMatch,
              state.find != nil || !state.list.filter.isEmpty else { return false }
        let isText = if case .character = key { true } else { false }
        guard !isText || (!state.console.editingVariables && state.console.input.text.isEmpty) else { return false }
        state.focus = .record
        nextMatch(forward: command == .nextMatch)
        return true
    }
}
