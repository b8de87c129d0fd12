/// The record view's keys: Enter follows a reference or opens a list, `e` edits the selected
/// field; the hint line puts editing and undo right after help and quit.
package enum RecordKeys {
    package static let table: [Binding] = [
        GlobalKeys.help.hinted(0), GlobalKeys.edit.hinted(2),
        Binding(.follow, label: "follow", description: "follow a reference, open or close a list", hint: 4) {
            $0.followField()
        },
        GlobalKeys.back.hinted(9), GlobalKeys.delete.hinted(5), GlobalKeys.deleteByPattern.hinted(8), GlobalKeys.undo.hinted(3),
        GlobalKeys.addWatch.hinted(6), GlobalKeys.queryConsole.hinted(7), GlobalKeys.inbound.hinted(10), GlobalKeys.quit.hinted(1),
        GlobalKeys.view.hinted(11), GlobalKeys.recordJSON.hinted(12),
    ]
}
