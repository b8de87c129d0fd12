/// The record view's keys: Enter follows a reference or opens a list, `e` edits the selected
/// field, back closes the open list the selection is on (or in) before it leaves the record, as
/// a tree view does; the hint line puts editing and undo right after help and quit.
package enum RecordKeys {
    package static let table: [Binding] = [
        GlobalKeys.help.hinted(0), GlobalKeys.edit.hinted(2),
        Binding(.follow, label: "follow", description: "follow a reference, open or close a list", hint: 4) {
            $0.followField()
        },
        Binding(.back, label: "back", description: "close the open list around the field, else back", hint: 9) {
            $0.collapseOrGoBack()
        },
        GlobalKeys.delete.hinted(5), GlobalKeys.deleteByPattern.hinted(8), GlobalKeys.undo.hinted(3),
        GlobalKeys.addWatch.hinted(6), GlobalKeys.queryConsole.hinted(7), GlobalKeys.inbound.hinted(10),
        GlobalKeys.watchesReading.hinted(11), GlobalKeys.quit.hinted(1),
    ]
}
