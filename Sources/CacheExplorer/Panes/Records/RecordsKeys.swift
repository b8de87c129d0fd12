/// The record list's keys: what its hint line shows, in order, with the ranks that decide which
/// stay on a narrow terminal (help and quit, then filter, undo, watch and query, then the rest).
/// Enter opens the selected record; every other command is the global one.
package enum RecordsKeys {
    package static let table: [Binding] = [
        GlobalKeys.help.hinted(0), GlobalKeys.filter.hinted(2),
        Binding(.follow, label: "open", description: "open the selected record", hint: 8) { $0.openSelectedRow() },
        GlobalKeys.delete.hinted(6), GlobalKeys.deleteByPattern.hinted(7), GlobalKeys.undo.hinted(3),
        GlobalKeys.addWatch.hinted(4), GlobalKeys.queryConsole.hinted(5), GlobalKeys.inbound.hinted(9),
        GlobalKeys.sort.hinted(11), GlobalKeys.commandLine.hinted(10), GlobalKeys.quit.hinted(1),
    ]
}
