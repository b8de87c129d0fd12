extension String {
    /// The string without leading and trailing whitespace (typed input).
    var trimmed: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}

extension Substring {
    /// The substring as a String without surrounding whitespace.
    var trimmingSpaces: String { String(self).trimmed }
}
