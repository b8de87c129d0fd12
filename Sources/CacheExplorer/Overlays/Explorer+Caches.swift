/// Opening the caches an app keeps without typing their paths: `:open` with no file lists the
/// caches `cachelens caches` finds, and `R` pulls an Android copy off its device again (a
/// simulator's file needs no such key: changes to it are followed live).
extension Explorer {
    /// `:open` with no file: the caches found, or why there is no list to show.
    mutating func listFoundCaches() {
        guard let find = environment.findCaches else {
            fail(ExplorerError.invalid(":open needs a file here (no cache search: open the explorer with `cachelens explore` to search)"))
            return
        }
        do {
            let lines = try find()
            guard !lines.isEmpty else {
                inform("no Apollo cache found on simulators or devices; :open FILE opens a file")
                return
            }
            state.mode = .caches(FoundCacheList(lines: lines))
        } catch {
            fail(error)
        }
    }

    /// Enter in the list: the cache on that line opens (as `:open N` would).
    mutating func openSelectedCache() {
        guard case .caches(let list) = state.mode else { return }
        state.mode = .normal
        if let row = list.chosen { openFile(String(row + 1), force: false) }
    }

    /// `R`: a fresh copy of the pulled cache, opened in place of the stale one. The copy is
    /// read-only (edits would never reach the app), so there is never unsaved work to lose.
    /// Its log goes on from the stale copy's, with what changed between the pulls as an entry.
    mutating func repullCache() {
        let origin = state.pulledFrom ?? state.sourceName
        do {
            let earlier = writeLog
            replaceBackend(try environment.repull(backend))
            if let earlier, let log = writeLog { try log.continueHistory(of: earlier, origin: "pull again") }
            inform("pulled again from \(origin)")
        } catch {
            fail(error)
        }
    }
}
