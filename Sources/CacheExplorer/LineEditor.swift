/// What a key does to a one-line input: the shared editing rules of every prompt.
enum LineEditor {
    enum Outcome: Equatable {
        case changed(LineInput)
        case submitted(String)
        case cancelled
        case ignored
    }

    static func apply(_ key: Key, to input: LineInput) -> Outcome {
        var input = input
        switch key {
        case .character(let character):
            input.text.append(character)
            return .changed(input)
        case .backspace, .delete:
            if !input.text.isEmpty { input.text.removeLast() }
            return .changed(input)
        case .control("u"):
            return .changed(LineInput())
        case .control("w"):
            while input.text.last == " " { input.text.removeLast() }
            while let last = input.text.last, last != " " { _ = last; input.text.removeLast() }
            return .changed(input)
        case .enter:
            return .submitted(input.text)
        case .escape, .control("c"), .control("g"):
            return .cancelled
        default:
            return .ignored
        }
    }
}
