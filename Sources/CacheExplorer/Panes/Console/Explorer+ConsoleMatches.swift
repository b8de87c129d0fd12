/// `n`/`N` in the query console. Its document line takes every letter as text, but no GraphQL
/// document starts with `n` (documents start with `{`, `query`, `mutation`, `subscription`,
/// `fragment` or `#`), so on an empty document line the match keys step through the `:find` or
/// filter matches as in every other pane, and show the match in the record pane.
extension Explorer {
    /// Steps to the next or previous match when `key` is a match key pressed on an empty
    /// document line and there are matches to step through; false otherwise (the key is text).
    mutating func consoleStepsMatches(_ key: Key) -> Bool {
        guard !state.console.editingVariables, state.console.input.text.isEmpty,
              let command = keyMap.command(for: key), command == .nextMatch || command == .previousMatch,
              state.find != nil || !state.list.filter.isEmpty else { return false }
        state.focus = .record
        nextMatch(forward: command == .nextMatch)
        return true
    }
}
