/// What a key does to a one-line input: the editing keys every prompt shares (they are not in
/// the key map: a prompt reads text, so `j` is a letter there). Left/Right, Home/End and
/// C-a/C-e move the cursor; Backspace, Delete, C-w, C-u and C-k delete; Up/Down recall the
/// prompt's history; Enter submits; Esc, C-c and C-g cancel.
enum LineEditor {
    enum Outcome: Equatable {
        case changed(LineInput)
        case submitted(String)
        case cancelled
        case ignored
    }

    static func apply(_ key: Key, to input: LineInput, history: [String] = []) -> Outcome {
        var input = input
        switch key {
        case .character(let character): input.insert(String(character))
        case .backspace: input.deleteBackward()
        case .delete: input.deleteForward()
        case .left: input.moveCursor(by: -1)
        case .right: input.moveCursor(by: 1)
        case .home, .control("a"): input.moveCursorToStart()
        case .end, .control("e"): input.moveCursorToEnd()
        case .control("u"): input.deleteToStart()
        case .control("k"): input.deleteToEnd()
        case .control("w"): input.deleteWordBackward()
        case .up: input.recall(older: true, from: history)
        case .down: input.recall(older: false, from: history)
        case .enter: return .submitted(input.text)
        case .escape, .control("c"), .control("g"): return .cancelled
        default: return .ignored
        }
        return .changed(input)
    }
}
