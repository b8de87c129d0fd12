import GraphQLCache

/// Counting the keys the record list shows. With a filter over a million keys the count waits
/// for no one: the list asks only for as many matches as cover the rows it shows, and the
/// backend finishes the count in the background (`.keysCounted` brings it), so that each key
/// typed into a filter draws its frame at once. Moves past the known matches ask for more; `G`
/// and a wrapping `n`/`N` wait for the full count.
extension Explorer {
    /// Counts the list's keys: all of them with no filter; with one, at least enough to cover
    /// row `row` and a page below it, starting the full count in the background when the
    /// backend stopped there. A list the backend cannot page is built (`buildListKeys`) when
    /// its filter or order changed, or `rebuild` says the data did.
    mutating func countList(covering row: Int, rebuild: Bool = false) throws {
        // Every list needs the keys: while a big file's are first read, it shows how far the
        // read got, and is counted again when `.keysRead` says it ended.
        if let reading = backend.keysBeingRead() {
            state.list.readingKeys = reading
            state.list.count = 0
            state.list.countIsExact = true
            return
        }
        state.list.readingKeys = nil
        let parsed = (try? ListFilter.parse(state.list.filter)) ?? .all
        guard parsed.isPagedByBackend, state.list.order == .key else {
            let source = ListBuilding.Source(filter: state.list.filter, order: state.list.order)
            return try buildListKeys(parsed, for: source, rebuild: rebuild)
        }
        stopListBuild()
        listKeys = nil
        listKeysSource = nil
        let filter = state.list.filter
        guard !filter.isEmpty else {
            state.list.count = try backend.keyCount(matching: nil)
            state.list.countIsExact = true
            return
        }
        let known = try backend.keyCount(matching: filter, atLeast: row + 1 + Layout.listPageHeight(state.size))
        state.list.count = known.count
        state.list.countIsExact = known.isExact
        if !known.isExact { backend.countKeys(matching: filter) }
    }

    /// Makes every count on screen exact now, as it will be once the background count arrives.
    ///
    /// Why: a script (the harness's `ui` op) reads one screen per request and must get the same
    /// screen every time, not `N+ matching` or the exact count depending on how fast the machine
    /// counted.
    package mutating func finishCounting() {
        listKeysOnceRead()
        settleListCount()
    }

    /// Reads of the keys `listKeysOnceRead` waits for, one after another, at most.
    static let keyReadsWaitedFor = 8

    /// While the first read of a big file's keys runs: waits for it (a count waits), then lists
    /// its keys at once. Its end is news too (`.keysRead`), but the read installs its keys before
    /// it tells its observers, so the count can return before that news is posted. A read given
    /// up because the file changed meanwhile is followed by another when the list reloads; that
    /// one is waited for too.
    mutating func listKeysOnceRead() {
        for _ in 0..<Self.keyReadsWaitedFor where state.list.readingKeys != nil {
            _ = try? backend.keyCount(matching: nil)
            reloadList(refetch: true)
        }
    }

    /// The first read of the keys got as far as `progress`; once it ended, the list shows them.
    mutating func keysRead(_ progress: KeyReadProgress) {
        guard state.list.readingKeys != nil else { return }
        guard progress.isDone else { return state.list.readingKeys = progress }
        reloadList(refetch: true)
    }

    /// Makes the list's count exact now (the bottom of the list needs it).
    mutating func settleListCount() {
        guard !state.list.countIsExact, listKeys == nil else { return }
        do {
            state.list.count = try backend.keyCount(matching: state.list.filter.isEmpty ? nil : state.list.filter)
            state.list.countIsExact = true
            fetchShortPageAgain()
        } catch {
            fail(error)
        }
    }

    /// The background count of `filter` ended: the count is exact, and the page shows the
    /// matches a frame's bounded search had not reached.
    mutating func keysCounted(filter: String, count: Int) {
        guard filter == state.list.filter, !state.list.countIsExact else { return }
        state.list.count = count
        state.list.countIsExact = true
        fetchShortPageAgain()
    }

    /// A page fetched while the count was not exact may hold fewer keys than the list has
    /// there (`keysFound`): it is fetched again.
    private mutating func fetchShortPageAgain() {
        let height = Layout.listPageHeight(state.size)
        guard state.list.rows.count < min(height, state.list.count - state.list.top) else { return }
        reloadList()
    }
}
