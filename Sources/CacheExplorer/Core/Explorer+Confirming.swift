import GraphQLCache

/// The one confirm path: a dangerous action opens `.confirm` with what it would do, `y` does it
/// and any other key keeps things as they are.
extension Explorer {
    /// Whether `key` says yes to a confirmation.
    static func confirms(_ key: Key) -> Bool { key == .character("y") || key == .character("Y") }

    mutating func confirmKey(_ key: Key, _ confirmation: Confirmation) {
        state.mode = .normal
        guard Self.confirms(key) else {
            inform(Self.declined(confirmation))
            return
        }
        switch confirmation {
        case .delete(let target): removeRecords([target], description: "delete \(target)")
        case .deletePattern(let preview): deleteMatching(preview)
        case .garbage(let keys): removeRecords(keys, description: ":gc")
        case .quit: state.isFinished = true
        case .open(let path, _): openFile(path, force: true)
        case .goBack(let position, _): goBack(to: position)
        }
    }

    /// What the status line says when a confirmation is declined.
    private static func declined(_ confirmation: Confirmation) -> String {
        switch confirmation {
        case .delete(let target): return "kept \(target)"
        case .deletePattern, .garbage: return "nothing deleted"
        case .quit: return "not quitting; :export FILE saves the changes"
        case .open(let path, _): return "\(path) not opened; :export FILE saves the changes"
        case .goBack: return "the cache is left as it is"
        }
    }

    /// Quits, first asking when changes live only in memory (a sample or a snapshot) and would
    /// be lost; `force` (`:q!`) does not ask.
    mutating func requestQuit(force: Bool = false) {
        if !force, state.unsavedChanges > 0 {
            state.mode = .confirm(.quit(unsavedChanges: state.unsavedChanges))
        } else {
            state.isFinished = true
        }
    }

    /// A new version of the snapshot file on disk: taken in as one external change, unless it
    /// would overwrite changes that live only in memory.
    mutating func takeExternalVersion(of name: String) {
        guard state.unsavedChanges == 0 else {
            let changes = state.unsavedChanges == 1 ? "1 unsaved change" : "\(state.unsavedChanges) unsaved changes"
            fail(ExplorerError.invalid("\(name) changed on disk; not reloaded over your \(changes) (:open! \(name) reloads it)"))
            return
        }
        do { try backend.applyExternalVersion() } catch { fail(error) }
    }

    /// Counts a change the backend does not keep in a file (a sample or a snapshot in memory).
    mutating func noteChange() {
        if writer?.keepsChanges == false { state.unsavedChanges += 1 }
    }
}
