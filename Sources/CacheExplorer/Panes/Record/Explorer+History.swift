import GraphQLCache

/// History: opening a record remembers the one left and where in it the user was, so that Back
/// and forward (`l`) return to the same field, scroll and open lists.
extension Explorer {
    /// Shows `key` in the record view, remembering where we came from.
    mutating func open(_ key: CacheKey, remember: Bool = true) {
        if remember, let current = state.record, current.key != key {
            state.back.append(current.key)
            state.forward = []
            leave(current)
        }
        state.record = loadView(key, keeping: nil)
        if state.record?.exists == false { state.message = StatusMessage("\(key) does not exist (dangling reference)", isError: true) }
    }

    mutating func goBack() {
        guard let previous = state.back.popLast() else {
            if state.focus == .record { state.focus = .records }
            return
        }
        let place = state.places[previous]
        if let current = state.record {
            state.forward.append(current.key)
            leave(current)
        }
        state.record = loadView(previous, keeping: place)
        state.focus = .record
    }

    mutating func goForward() {
        guard let next = state.forward.popLast() else { inform("nothing to go forward to"); return }
        let place = state.places[next]
        if let current = state.record {
            state.back.append(current.key)
            leave(current)
        }
        state.record = loadView(next, keeping: place)
        state.focus = .record
    }

    /// Remembers where the user was in `view`, and forgets places no history entry leads to.
    private mutating func leave(_ view: RecordViewState) {
        state.places[view.key] = RecordPlace(view)
        let kept = Set(state.back + state.forward)
        state.places = state.places.filter { kept.contains($0.key) }
    }
}
