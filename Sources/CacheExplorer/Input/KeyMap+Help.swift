/// The key table as help, the README and docs/EXPLORER.md show it: the global rows in order,
/// each with every key this map binds to it, so help always says the user's keys.
extension KeyMap {
    /// Help rows: each command once, with all its keys (`j / Down`), in the global table's order.
    package var helpRows: [(command: Command, keys: String, description: String)] {
        GlobalKeys.table.compactMap { row in
            guard let command = row.command else { return nil }
            let keys = keys(of: command)
            guard !keys.isEmpty else { return nil }
            return (command, keys.map(\.description).joined(separator: " / "), row.description)
        }
    }

    /// The help rows as a Markdown table, for the README and docs/EXPLORER.md (a test keeps
    /// both in sync).
    package var markdownTable: String {
        var lines = ["| keys | does |", "|---|---|"]
        for row in helpRows {
            let keys = row.keys.split(separator: " / ").map { KeyDocs.code(String($0)) }.joined(separator: " ")
            lines.append("| \(keys) | \(row.description) |")
        }
        return lines.joined(separator: "\n")
    }
}
