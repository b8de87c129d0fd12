/// Enter in the inbound references overlay: the referrer opens at the referring field and element.
extension Explorer {
    mutating func openSelectedInbound() {
        guard case .inbound(let list) = state.mode else { return }
        state.mode = .normal
        if let row = list.chosen { openInbound(list.references[row]) }
    }
}
