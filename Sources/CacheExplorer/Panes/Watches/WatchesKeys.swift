/// The watches pane's keys: on a watch, Enter opens it, `e` edits its document and `d` removes
/// it (the data is not touched, so read-only does not disable them; having no watch does).
/// `workspace` is what the hint line offers while one watch fills the screen.
package enum WatchesKeys {
    package static let table: [Binding] = [
        GlobalKeys.help.hinted(0), open.hinted(2), GlobalKeys.refetch.hinted(3), GlobalKeys.addWatch.hinted(4),
        edit.hinted(5), remove.hinted(6), GlobalKeys.nextPane.hinted(7), GlobalKeys.queryConsole.hinted(8),
        GlobalKeys.commandLine.hinted(9), GlobalKeys.quit.hinted(1),
        GlobalKeys.cyclePolicy.labelled("policy", "the selected watch reads under the next cache policy").hinted(10),
    ]

    /// The open watch: refetch, edit, remove, back to the pane, scroll its result, see it whole.
    package static let workspace: [Binding] = [
        GlobalKeys.refetch.hinted(0), edit.hinted(1), remove.hinted(2),
        GlobalKeys.cancel.labelled("back", "back to the watches pane").hinted(3),
        GlobalKeys.moveDown.labelled("scroll", "scroll the result").hinted(4),
        Binding(.follow, label: "whole", description: "the watch whole in the pager: its error, diagnoses and result, searchable",
                hint: 5) { $0.viewSelected() },
        GlobalKeys.cyclePolicy.labelled("policy", "the watch reads under the next cache policy").hinted(6),
    ]

    private static let open = Binding(.follow, label: "open", description: "open the watch, filling the screen") {
        $0.openSelectedWatch()
    }
    private static let edit = Binding(.edit, label: "edit", description: "edit the watch's document and variables",
                                      disabled: ExplorerState.hasWatch) { $0.beginWatchEdit() }
    private static let remove = Binding(.delete, label: "remove", description: "stop and remove the watch",
                                        disabled: ExplorerState.hasWatch) { $0.removeSelectedWatch() }
}
