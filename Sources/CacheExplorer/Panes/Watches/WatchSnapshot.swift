import GraphQLCache

/// One watched query as the watches pane and the watch workspace show it: its definition, its
/// live result and how it got there.
package struct WatchSnapshot: Hashable, Sendable {
    /// The watch's name: its operation's name (`HeroFriends`), `w1`, … for anonymous ones.
    package var name: String
    /// The document on one line, to tell watches apart.
    package var summary: String
    /// Where the last result came from: `cache` or `server`.
    package var source: String
    /// How many results it has delivered.
    package var updateCount: Int
    /// The field keys whose change caused the last delivery.
    package var lastChangedKeys: [String]
    /// Who made the change that caused the last delivery (`edit`, `delete`, `undo`,
    /// `external`, `HeroFriends's fetch`), nil before any change.
    package var lastChangeOrigin: String?
    /// The result as short lines (`hero.name: "R2-D2"`), the error last, for the pane.
    package var resultLines: [String]
    /// The field keys the result depends on, grouped by record (the read's own, shared with the
    /// store's change index rather than copied), for delete impact: `contains(record:)`.
    package var dependencies: FieldDependencies
    /// The whole document, as given.
    package var document = ""
    /// The variables as JSON text; empty for none.
    package var variables = ""
    /// How the watch reads: `returnCacheDataElseFetch` with a network, else
    /// `returnCacheDataDontFetch`.
    package var policy = CachePolicy.returnCacheDataDontFetch.rawValue
    /// The full text of the last error (a miss without network, a network failure), if any.
    package var error: String?
    /// Whether the last read was cancelled (and nothing read since).
    package var readCancelled = false
    /// Whether a read or fetch is under way.
    package var isReading = false
    /// The last result as the query console's hit/miss tree, for the workspace.
    package var report: QueryReport?

    package init(name: String, summary: String, source: String, updateCount: Int, lastChangedKeys: [String],
                resultLines: [String], dependencies: FieldDependencies = FieldDependencies()) {
        self.name = name
        self.summary = summary
        self.source = source
        self.updateCount = updateCount
        self.lastChangedKeys = lastChangedKeys
        self.resultLines = resultLines
        self.dependencies = dependencies
    }
}

extension WatchSnapshot {
    /// `changed by edit: Droid:2001.name`: who made the change behind the last delivery and
    /// what of the watch it touched; nil before any change.
    package var changeSummary: String? {
        guard lastChangeOrigin != nil || !lastChangedKeys.isEmpty else { return nil }
        let keys = lastChangedKeys.joined(separator: ", ")
        guard let origin = lastChangeOrigin else { return "changed " + keys }
        return "changed by \(origin)" + (keys.isEmpty ? "" : ": " + keys)
    }
}

extension WatchSnapshot {
    /// A remark on the last read (`read cancelled; f reads again`, with the user's refetch
    /// key), if any.
    package func note(keys: KeyMap) -> String? {
        readCancelled ? "read cancelled; \(keys.keyName(.refetch)) reads again" : nil
    }
}
