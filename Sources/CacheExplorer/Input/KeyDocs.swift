/// The generated parts of docs/EXPLORER.md: what each pane's keys do there, and the `:`
/// commands, both read from the binding tables (a test holds the page equal to them).
package enum KeyDocs {
    /// The panes with their tables, in the order the page describes them.
    static let panes: [(title: String, table: [Binding])] = [
        ("Records (the key list)", RecordsKeys.table), ("Record (one record's fields)", RecordKeys.table),
        ("Watches", WatchesKeys.table), ("An open watch", WatchesKeys.workspace), ("Query console", ConsoleKeys.table),
        ("Lists: inbound references (r), the caches found (:open), a field's readers (W), a diff (:diff)", OverlayKeys.inbound),
        ("Lint findings (:lint)", OverlayKeys.lint), ("Sizes (:sizes)", OverlayKeys.sizes), ("The write log (L)", OverlayKeys.log),
        ("The pager (view whole)", OverlayKeys.pager),
    ]

    /// One table per pane: the keys its hint line offers, in order, with what they do there.
    package static func paneTables(_ keyMap: KeyMap = .default) -> String {
        panes.map { pane in
            let rows = pane.table.filter { $0.hintRank != nil }.map { row in
                "| \(code(row.key.name(in: keyMap))) | \(row.label) | \(describe(row)) |"
            }
            return (["**\(pane.title)**", "", "| key | hint | does |", "|---|---|---|"] + rows).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The `:` commands as a Markdown table.
    package static func lineCommandTable(_ keyMap: KeyMap = .default) -> String {
        var lines = ["| command | also | does |", "|---|---|---|"]
        for command in LineCommand.allCases {
            let aliases = command.aliases.map { code(":" + $0) }.joined(separator: " ")
            lines.append("| \(code(command.usage)) | \(aliases) | \(escaped(command.summary(keys: keyMap))) |")
        }
        return lines.joined(separator: "\n")
    }

    /// What the row does: its own description, else the global row's.
    private static func describe(_ row: Binding) -> String {
        if !row.description.isEmpty { return row.description }
        return row.command.flatMap(GlobalKeys.row)?.description ?? row.label
    }

    /// A key or command in backticks, a `|` escaped for Markdown tables.
    static func code(_ text: String) -> String {
        "`\(escaped(text))`"
    }

    /// `text` with `|` escaped, so that it stays inside one Markdown table cell.
    private static func escaped(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}

extension KeyDocs {
    /// The command names a `--keys` file may use, as a Markdown list line.
    package static var commandNames: String {
        Command.allCases.map { code($0.rawValue) }.joined(separator: ", ")
    }
}
