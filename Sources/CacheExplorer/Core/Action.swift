import GraphQLCache

/// Everything that can happen to the explorer, named for the event (not the intent): the
/// terminal reports keys, mouse and resizes; the store reports changes.
package enum Action: Hashable, Sendable {
    case keyPressed(Key)
    /// Text pasted in one piece (bracketed paste): it goes whole into the line input that has
    /// the keyboard, so a pasted multi-line query does not run at every newline.
    case pasted(String)
    case resized(Size)
    /// The cache changed, by us or by another process (`CacheChange.isExternal`): one action
    /// per committed change, whoever made it. `records`: how many records another process's
    /// change touched, counted where it was heard, off the UI thread (counting an app's
    /// rewrite of 100,000 rows there held a key for 150 ms); nil to count them when shown.
    case storeDidChange(CacheChange, records: Int? = nil)
    /// The data's source (a snapshot file) has a new version, read and waiting: the explorer
    /// takes it in (`RecordBrowsing.applyExternalVersion`) unless it would overwrite unsaved
    /// changes.
    case externalSourceChanged(String)
    /// The data's source changed elsewhere but was not taken in (it cannot be read, or it would
    /// overwrite unsaved changes): said in the status line.
    case externalSourceProblem(String)
    /// The backend finished counting the keys containing `filter` (the list showed a lower
    /// bound meanwhile).
    case keysCounted(filter: String, count: Int)
    /// The first read of a big file's keys got this far (`RecordBrowsing.keysBeingRead`); the
    /// list shows them once it `isDone`.
    case keysRead(KeyReadProgress)
    /// A `:find` search (`id`) confirmed `keys` as matches; `fraction` of the data is searched.
    case found(id: Int, keys: [CacheKey], fraction: Double, finished: Bool)
    /// The backend finished looking for broken rows (`RecordBrowsing.brokenRows`).
    case brokenRowsScanned
    /// A watch started or finished reading, or delivered a new result.
    case watchesDidUpdate
    /// A watch's network fetch wrote into the cache (said in the status line, undone with the
    /// action that caused it).
    case watchWrote(WatchWrite)
    /// A query run in the background (`startExplain`) ended.
    case queryExplained(id: Int, QueryOutcome)
    /// The record list's keys built in the background (`ListKeysWork`, build `id`) got
    /// `fraction` of the way.
    case listKeysProgressed(id: Int, fraction: Double)
    /// The record list's background build `id` ended.
    case listKeysBuilt(id: Int, ListBuilding.Outcome)
    /// A command's scan of every record (`ScanWork`, run `id`) got `fraction` of the way.
    case scanProgressed(id: Int, fraction: Double)
    /// A command's background scan `id` ended.
    case scanFinished(id: Int, BackgroundScan.Outcome)
    /// A background write (`BackgroundWriting`) got `fraction` of the way.
    case longWorkProgressed(id: Int, fraction: Double)
    /// A background write ended.
    case longWorkFinished(id: Int, LongWorkOutcome)
    /// Time passed: the loop's clock (time since it started) read while waiting for keys.
    /// Flashes end by it, not by the next key.
    case tick(Duration)
    /// A mouse button went down at a screen cell.
    case mousePressed(row: Int, column: Int)
    /// Two clicks on a cell, as the terminal reported them (ncurses joins two clicks read
    /// together into one double click): Enter on the row there.
    case mouseDoubleClicked(row: Int, column: Int)
    /// The wheel turned over a screen cell: positive lines scroll down.
    case mouseScrolled(row: Int, column: Int, lines: Int)
}

extension Action {
    /// Whether the action only says how far background work got: only a progress line changes,
    /// so the references on screen need no new look (one each time a 100,000-record delete
    /// moved on waited for the delete's own hold of the connection).
    var onlyReportsProgress: Bool {
        switch self {
        case .longWorkProgressed, .listKeysProgressed, .scanProgressed: return true
        case .keysRead(let progress): return !progress.isDone
        default: return false
        }
    }
}
