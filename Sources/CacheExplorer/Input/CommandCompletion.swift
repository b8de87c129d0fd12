/// `Tab` on the `:` line, as a shell completes: the first word completes to a command name, a
/// later word of a command that takes a file to a path (`listDirectory` gives a folder's entries,
/// folders ending in `/`). One candidate is taken whole; several are first narrowed to what
/// they share, then each further `Tab` cycles through them, and the line shows them all.
package struct CommandCompletion: Hashable, Sendable {
    /// The line before the word being completed (`open `).
    package var base: String
    /// What the word can become, in order.
    package var candidates: [String]
    /// The candidate on the line now; nil while the line holds only their shared prefix.
    package var index: Int?

    package init(base: String, candidates: [String], index: Int? = nil) {
        self.base = base
        self.candidates = candidates
        self.index = index
    }

    /// Completes `text` (the whole `:` line, without the colon). Returns the new line and,
    /// when several candidates remain, the completion that the next `Tab` cycles.
    package static func complete(_ text: String, listDirectory: (String) -> [String]) -> (text: String, completion: CommandCompletion?) {
        let (base, word) = split(text)
        let candidates = base.isEmpty ? commandNames(prefixed: word) : paths(for: base, word: word, listDirectory: listDirectory)
        guard let first = candidates.first else { return (text, nil) }
        if candidates.count == 1 {
            let closes = base.isEmpty || !first.hasSuffix("/")
            return (base + first + (closes ? " " : ""), nil)
        }
        let shared = commonPrefix(candidates)
        if shared.count > word.count { return (base + shared, CommandCompletion(base: base, candidates: candidates)) }
        return (base + first, CommandCompletion(base: base, candidates: candidates, index: 0))
    }

    /// The next `Tab`: the next candidate on the line.
    package func next() -> (text: String, completion: CommandCompletion) {
        var copy = self
        copy.index = index.map { ($0 + 1) % candidates.count } ?? 0
        return (base + candidates[copy.index ?? 0], copy)
    }

    /// `open sample-da` → (`open `, `sample-da`); a line without a space is all word.
    static func split(_ text: String) -> (base: String, word: String) {
        guard let space = text.lastIndex(of: " ") else { return ("", text) }
        return (String(text[...space]), String(text[text.index(after: space)...]))
    }

    static func commandNames(prefixed word: String) -> [String] {
        LineCommand.allCases.map(\.rawValue).filter { $0.hasPrefix(word) }
    }

    /// Paths for the word after a command that takes a file; nothing for other commands.
    static func paths(for base: String, word: String, listDirectory: (String) -> [String]) -> [String] {
        let name = String(base.prefix { $0 != " " })
        guard let command = LineCommand(named: name), command.arguments.contains("FILE") else { return [] }
        let folder = word.lastIndex(of: "/").map { String(word[...$0]) } ?? ""
        let partial = String(word.dropFirst(folder.count))
        return listDirectory(folder.isEmpty ? "." : folder)
            .filter { $0.hasPrefix(partial) && (partial.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { folder + $0 }
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            let characters = Array(word)
            var length = 0
            while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
            prefix = Array(prefix[..<length])
        }
        return String(prefix)
    }
}
