import GraphQLCache

/// Cache policies from the explorer: the console runs its document under the policy chosen
/// (`p`, `C-p` while typing, or `:policy NAME`), and a watch reads under its own (`p` on the
/// selected watch). A run that fetched and wrote is an undo step of its own.
extension Explorer {
    /// The six policies in the order `p` cycles them, the 2.x spellings accepted by name too.
    static let policyCycle: [CachePolicy] = [.cacheOnly, .cacheFirst, .networkOnly, .fetchIgnoringCacheCompletely,
                                             .cacheAndNetwork, .networkFirst]

    /// The policy after `policy` in the cycle.
    static func nextPolicy(after policy: CachePolicy) -> CachePolicy {
        let index = policyCycle.firstIndex(of: policy) ?? 0
        return policyCycle[(index + 1) % policyCycle.count]
    }

    /// `p`: the next policy for the console, or for the selected watch in the watches pane.
    mutating func cyclePolicy() {
        if state.focus == .watches, let watch = selectedWatchSnapshot {
            setWatchPolicy(watch.name, Self.nextPolicy(after: CachePolicy(rawValue: watch.policy) ?? .cacheOnly))
        } else {
            state.console.policy = Self.nextPolicy(after: state.console.policy)
            inform("console policy: \(state.console.policy.rawValue)")
        }
    }

    /// `:policy NAME`: the console's policy (the selected watch's, from the watches pane); with
    /// no name, says the policy and the names.
    mutating func choosePolicy(_ name: String) {
        guard !name.isEmpty else {
            inform("console policy: \(state.console.policy.rawValue); :policy NAME with one of \(Self.policyNames)")
            return
        }
        guard let policy = CachePolicy(name: name) else {
            fail(ExplorerError.invalid("no policy \(name); policies: \(Self.policyNames) (2.x names cacheFirst, networkOnly, cacheOnly, cacheAndNetwork also work)"))
            return
        }
        if state.focus == .watches, let watch = selectedWatchSnapshot {
            setWatchPolicy(watch.name, policy)
        } else {
            state.console.policy = policy
            inform("console policy: \(policy.rawValue)")
        }
    }

    static var policyNames: String { policyCycle.map(\.rawValue).joined(separator: ", ") }

    /// The watch open in the workspace, else the one selected in the pane.
    var selectedWatchSnapshot: WatchSnapshot? {
        let name = state.openWatch ?? (state.watches.indices.contains(state.selectedWatch) ? state.watches[state.selectedWatch].name : nil)
        return state.watches.first { $0.name == name }
    }

    private mutating func setWatchPolicy(_ name: String, _ policy: CachePolicy) {
        do {
            try watching().setWatchPolicy(name, policy)
            refreshWatches()
            inform("\(name) reads under \(policy.rawValue)")
        } catch {
            fail(error)
        }
    }

    /// A run under a policy that may fetch ended: its report and what it did; what it wrote
    /// becomes an undo step.
    mutating func consoleFetched(_ report: QueryReport, _ fetch: ConsoleFetch) {
        state.console.report = report
        state.console.fetch = fetch
        state.console.error = nil
        state.console.top = 0
        guard let write = fetch.write else {
            inform("\(fetch.policy.rawValue): from \(fetch.sourceText); wrote nothing")
            return
        }
        state.pushUndo(UndoEntry(.consoleFetch(policy: fetch.policy.rawValue), causedWrites: [write]))
        noteChange()
        let count = "\(write.recordCount) record\(write.recordCount == 1 ? "" : "s")"
        inform("\(fetch.policy.rawValue): from \(fetch.sourceText); wrote \(count)" + undoHint)
    }

    /// A document that declares variables, run with the variables line empty, first gets the
    /// line prefilled with each of them (`{"id": null}`) and the keyboard there, as the watch
    /// prompt does; true when it did (nothing runs yet).
    mutating func prefillConsoleVariables(for document: String) -> Bool {
        guard state.console.variables.text.trimmed.isEmpty, !VariablesText.declared(in: document).isEmpty else { return false }
        state.console.variables = LineInput(VariablesText.template(for: document))
        state.console.editingVariables = true
        inform("fill in the variables, then \(keyMap.keyName(.follow)) runs")
        return true
    }
}
