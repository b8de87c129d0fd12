/// What a key does in a list overlay whose rows open something (inbound references, the
/// watches that read a field, the caches found): the three of them read the user's keys the
/// same way, so they ask here rather than each switching over the commands.
enum ListOverlayKey: Equatable {
    /// The selection moves to this row.
    case moved(Int)
    /// The row is chosen (Enter): the overlay closes and opens it.
    case chosen(Int)
    /// The user quits from the overlay.
    case quit
    /// Any other key closes the overlay.
    case close
}

extension Explorer {
    /// How `key` acts on a list of `count` rows whose selected row is `selected`.
    func listOverlayKey(_ key: Key, selected: Int, count: Int) -> ListOverlayKey {
        let last = max(0, count - 1)
        switch keyMap.command(for: key) {
        case .moveDown?: return .moved(min(selected + 1, last))
        case .moveUp?: return .moved(max(0, selected - 1))
        case .top?: return .moved(0)
        case .bottom?: return .moved(last)
        case .follow?: return (0..<count).contains(selected) ? .chosen(selected) : .close
        case .quit?: return .quit
        default: return .close
        }
    }

    /// Closes the overlay for `outcome` unless the selection only moved, quitting when asked.
    mutating func closeListOverlay(for outcome: ListOverlayKey) {
        if case .moved = outcome { return }
        state.mode = .normal
        if outcome == .quit { requestQuit() }
    }
}
