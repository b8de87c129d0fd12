/// The `:` commands, in the order help lists them.
extension LineCommand {
    package static let allCases: [LineCommand] = [
        LineCommand("open", aliases: ["o", "e", "open!", "o!", "e!"], arguments: "[FILE|N]",
                    summary: { _ in "open a .sqlite or .json cache file, or the Nth cache found; without one, list the caches found "
                        + "(:open! without asking about unsaved changes)" }) {
            $0.openFile($1, force: $2)
        },
        LineCommand("watch", aliases: ["w"], arguments: "DOC|FILE",
                    summary: { _ in "watch a query (document text, or a .graphql file then its variables JSON)" }) { explorer, argument, _ in
            explorer.addWatch(argument)
        },
        LineCommand("query", arguments: "DOC|FILE",
                    summary: { _ in "run a document (text or a .graphql file) in the console" }) { explorer, argument, _ in
            explorer.openQuery(argument)
        },
        LineCommand("theme", arguments: "NAME",
                    summary: { _ in "switch theme (default, light, high-contrast, monochrome)" }) { explorer, argument, _ in
            explorer.switchTheme(argument)
        },
        LineCommand("export", aliases: ["export!"], arguments: "FILE",
                    summary: { _ in "write the list's records (every one, or the filter's) to a snapshot (:export! replaces one)" }) {
            $0.export(to: $1, replacing: $2)
        },
        LineCommand("filter", arguments: "TEXT", summary: { "filter keys (as \($0.keyName(.filter)))" }) { explorer, argument, _ in
            explorer.applyFilter(argument)
        },
        LineCommand("find", arguments: "TEXT", summary: { keys in
            "records whose values contain TEXT (FIELD=TEXT: one field; \(keys.keyName(.nextMatch))/\(keys.keyName(.previousMatch)) walk them)"
        }) { explorer, argument, _ in explorer.startFind(argument) },
        LineCommand("gc", changesData: true, summary: { _ in "delete records no root reaches (preview first)" }) { explorer, _, _ in
            explorer.previewGarbage()
        },
        LineCommand("lint", summary: { keys in
            "the cache's health: missing cache ids, duplicates, dangling references (\(keys.keyName(.follow)) opens a record)"
        }) { explorer, _, _ in explorer.showLint() },
        LineCommand("help", aliases: ["h"], summary: { _ in "show the keys and commands" }) { explorer, _, _ in
            explorer.state.mode = .help(top: 0)
        },
        LineCommand("quit", aliases: ["q", "q!"], summary: { _ in "quit (:q! without asking about unsaved changes)" }) {
            $0.requestQuit(force: $2)
        },
    ]
}
