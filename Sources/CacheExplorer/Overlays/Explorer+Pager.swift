/// The pager's keys: its rows in `OverlayKeys.pager` (fixed keys as `less` has them, the rest
/// through the user's key map) each carry their action; `/` types a search here, in the bottom
/// line, and Enter finds it.
extension Explorer {
    /// Opens `text` in the pager, wrapped to the screen.
    mutating func openPager(title: String, text: String, content: Pager.Content = .text) {
        var pager = Pager(title: title, text: text, content: content, width: Pager.textWidth(state.size))
        pager.hasViewer = environment.viewer != nil
        state.mode = .pager(pager)
    }

    /// The text the pager shows, whole, or nil when it is closed (for copying it).
    package var pagerText: String? {
        if case .pager(let pager) = state.mode { return pager.text }
        return nil
    }

    mutating func pagerKey(_ key: Key, _ pager: Pager) {
        if let input = pager.searchInput {
            searchKey(key, input, pager)
            return
        }
        guard let row = OverlayKeys.row(in: OverlayKeys.pager, for: key, keyMap: keyMap), let action = row.action else {
            inform("\(key) does nothing in the pager; \(OverlayKeys.closeKey) closes it")
            return
        }
        state.message = nil
        action(&self)
    }

    /// A key while `/` has the keyboard: edit the search, find it on Enter, leave on Esc.
    private mutating func searchKey(_ key: Key, _ input: LineInput, _ pager: Pager) {
        var pager = pager
        switch LineEditor.apply(key, to: input, history: state.history[.filter] ?? []) {
        case .changed(let edited): pager.searchInput = edited
        case .submitted(let text):
            pager.searchInput = nil
            state.remember(text, in: .filter)
            pager.find(text)
            state.mode = .pager(pager)
            pagerFound(first: true)
            return
        case .cancelled: pager.searchInput = nil
        case .ignored: break
        }
        state.mode = .pager(pager)
    }

    /// Acts on the open pager, if it is open.
    mutating func withPager(_ change: (inout Pager, Int) -> Void) {
        guard case .pager(var pager) = state.mode else { return }
        change(&pager, Pager.textHeight(state.size))
        state.mode = .pager(pager)
    }

    /// Scrolls the pager by `rows` (negative: up).
    mutating func scrollPager(by rows: Int) {
        withPager { pager, height in pager.scroll(to: pager.top + rows, height: height) }
    }

    /// `/`: starts typing a search.
    mutating func beginPagerSearch() {
        withPager { pager, _ in pager.searchInput = LineInput() }
    }

    /// Moves to the next (or previous) match and says where it is, or that there is none.
    mutating func pagerFound(first: Bool = false, forward: Bool = true) {
        guard case .pager(var pager) = state.mode else { return }
        guard !pager.search.isEmpty else { inform("no search: \(keyMap.keyName(.filter)) searches"); return }
        let height = Pager.textHeight(state.size)
        let target = first ? (pager.matches.first { $0 >= pager.top } ?? pager.matches.first) : pager.nextMatch(forward: forward)
        guard let target else {
            inform("\"\(pager.search)\" is not in the text")
            return
        }
        pager.scroll(to: target, height: height)
        // The match stays in view even where the text ends (scroll stops at the last page).
        state.mode = .pager(pager)
        let position = (pager.matches.firstIndex(of: target) ?? 0) + 1
        inform("match \(position)/\(pager.matches.count): line \(target + 1)")
    }

    /// `E`: asks the loop to hand the text to `$PAGER` (else `$EDITOR`), or says neither is set.
    mutating func requestExternalView() {
        guard case .pager(let pager) = state.mode else { return }
        guard environment.viewer != nil else {
            state.message = StatusMessage("neither $PAGER nor $EDITOR is set, so the text cannot be handed to one", isError: true)
            return
        }
        viewRequest = ViewRequest(title: pager.title, text: pager.text)
    }

    /// The loop ran the viewer (`error`: why it failed, if it did).
    package mutating func finishedExternalView(error: String?) {
        viewRequest = nil
        if let error {
            state.message = StatusMessage(error, isError: true)
        } else if let viewer = environment.viewer {
            inform("back from \(viewer.command)")
        }
    }

    /// Closes the pager, back to the lint list when it came from one.
    mutating func closePager() {
        if case .pager(let pager) = state.mode, let list = pager.lint {
            state.mode = .lint(list)
        } else {
            state.mode = .normal
        }
    }
}

extension Pager {
    /// Columns of text inside the pager's frame on a screen of `size`.
    package static func textWidth(_ size: Size) -> Int { max(1, size.width - 3) }
    /// Rows of text inside the frame (the status bar and bottom line stay below it).
    package static func textHeight(_ size: Size) -> Int { max(1, size.height - 4) }
}
