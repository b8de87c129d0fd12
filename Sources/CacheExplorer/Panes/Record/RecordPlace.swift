/// Where the user left a record: the field selected, the scroll and the lists opened, so that
/// Back (and forward) return to it as it was.
package struct RecordPlace: Hashable, Sendable {
    package var selected: Int
    package var top: Int
    /// Row ids (`friends/2`) of the lists and objects shown open.
    package var expanded: Set<String>

    package init(selected: Int = 0, top: Int = 0, expanded: Set<String> = []) {
        self.selected = selected
        self.top = top
        self.expanded = expanded
    }

    /// Where `view` is now.
    package init(_ view: RecordViewState) {
        self.init(selected: view.selected, top: view.top, expanded: view.expanded)
    }
}
