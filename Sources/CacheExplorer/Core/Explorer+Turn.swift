import GraphQLCache

/// The one drive loop's turn: the terminal (`ExplorerLoop.run`) and the drivers without a
/// terminal (`press`, `settle`: the harness `ui` op, tests and benchmarks) all go through it,
/// so a key does the same thing everywhere. A turn applies the news waiting in the inbox (other
/// processes' commits when asked to look, store changes, watch results), then the input, then
/// what the input caused (an edit's store change, the watches it woke), as one frame's worth.
extension Explorer {
    /// What a turn feeds the explorer: an event, or a run of characters typed into a line input
    /// that goes in as one insertion (typing N characters filters once, not N times).
    package enum Input {
        case action(Action)
        case typed(String)
    }

    /// Runs one turn; returns the news it applied (empty when nothing arrived), so that the
    /// loop can skip drawing an idle turn. `inBackground` polls off this thread (the terminal
    /// loop: what the poll finds arrives at a later turn); drivers without a terminal poll here,
    /// so the change is applied in the same turn.
    @discardableResult
    package mutating func turn(_ input: Input?, pollingExternalChanges poll: Bool = false, inBackground: Bool = false) -> [Action] {
        let committedElsewhere = poll && (inBackground ? backend.pollExternalChangesInBackground() : backend.pollExternalChanges())
        var applied = ExplorerLoop.coalesce(inbox.drain())
        if committedElsewhere, applied.isEmpty { applied.append(.storeDidChange(CacheChange(origin: .external))) }
        for change in applied { send(change) }
        // What those caused (a snapshot file's new version taken in) joins their frame.
        applied += applyInbox()
        switch input {
        case .action(let action)?: send(action)
        case .typed(let text)?: insertText(text)
        case nil: return applied
        }
        return applied + applyInbox()
    }

    /// Applies a sequence of keys, one turn each, as the terminal loop would. While a line
    /// input has the keyboard, a run of typed characters is one turn, as a paste is.
    package mutating func press(_ keys: [Key]) {
        var index = keys.startIndex
        while index < keys.endIndex {
            let run = state.readsText ? keys[index...].prefix { if case .character = $0 { return true } else { return false } } : []
            if run.count > 1 {
                turn(.typed(String(run.map { if case .character(let c) = $0 { return c } else { return " " } })))
                index += run.count
            } else {
                turn(.action(.keyPressed(keys[index])))
                index += 1
            }
        }
    }

    /// Waits for the background work under way (watch reads, console queries) and takes a turn
    /// with no input, applying what it delivered.
    package mutating func settle() {
        listKeysOnceRead()
        backend.waitUntilIdle()
        listWork.waitUntilIdle()
        scanWork.waitUntilIdle()
        turn(nil)
    }

    /// Applies what waits in the inbox, a burst of store changes as one: the store's change
    /// notification is how the explorer hears of its own edits. Returns what it applied.
    @discardableResult
    private mutating func applyInbox() -> [Action] {
        let actions = ExplorerLoop.coalesce(inbox.drain())
        for action in actions { send(action) }
        return actions
    }
}
