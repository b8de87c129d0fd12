import GraphQLCache

/// A change that `u` can take back: the user's action and the writes it caused (a watch that
/// missed after it and refetched), taken back together.
package struct UndoEntry: Hashable, Sendable {
    /// What the user did.
    package enum Action: Hashable, Sendable {
        /// A field was edited: its previous value.
        case edit(FieldKey, previous: CacheValue)
        /// Records were deleted: them as they were.
        case removal([Record], description: String)
        /// Records were deleted by pattern, as rows kept as they were stored (broken ones too),
        /// which the undo writes back as they were (`CacheStore.restoreRows`); how many of them
        /// are broken.
        case rowRemoval(StoredRows, brokenRows: Int, description: String)
        /// Nothing the user did: a watch's fetch (after another process's change, say) wrote.
        case watchFetch(String)
        /// The write log's "go back to here": the records it touched as they were (`touched`
        /// that are missing here did not exist).
        case rewind(previous: [Record], touched: [CacheKey], description: String)
        /// The query console ran a document under a policy that fetched and wrote: the policy.
        case consoleFetch(policy: String)
    }

    /// What the user did.
    package var action: Action
    /// Who wrote the action's change, to recognise the writes it caused.
    package var origin: ChangeOrigin?
    /// Writes watches made because of the action, oldest first.
    package var causedWrites: [WatchWrite]

    package init(_ action: Action, origin: ChangeOrigin? = nil, causedWrites: [WatchWrite] = []) {
        self.action = action
        self.origin = origin
        self.causedWrites = causedWrites
    }

    /// Records written by the caused writes, in the state before them: what to remove and what
    /// to put back. The earliest write that touched a key knows how it was before all of them.
    var beforeCausedWrites: (remove: [CacheKey], restore: [Record]) {
        var seen = Set<CacheKey>()
        var remove: [CacheKey] = []
        var restore: [Record] = []
        for write in causedWrites {
            for key in write.created where seen.insert(key).inserted { remove.append(key) }
            for record in write.previous where seen.insert(record.key).inserted {
                remove.append(record.key)
                restore.append(record)
            }
        }
        return (remove, restore)
    }
}

extension UndoEntry.Action {
    /// The keys a removal removed (nil: not a removal).
    var removedKeys: [CacheKey]? {
        switch self {
        case .removal(let records, _): records.map(\.key)
        case .rowRemoval(let rows, _, _): rows.keys
        default: nil
        }
    }
}
