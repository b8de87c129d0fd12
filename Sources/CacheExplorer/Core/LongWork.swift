import GraphQLCache

/// A big change running as background work (`BackgroundWriting`): what it is, for the
/// progress line (`deleting 100,000 records… 40 %`), and what to do when it ends.
package struct LongWork: Hashable, Sendable {
    /// What the work does when it ends.
    package enum Kind: Hashable, Sendable {
        /// Deleting records; `description` names the action for undo (`delete "Item:"`).
        case removal(description: String)
        /// Undoing `entry`; `caused` says what else it takes back (a refetch's writes).
        case restore(UndoEntry, caused: String)
        /// Writing one edited field (`value` as the status line shows it), queued behind
        /// another process's lock.
        case edit(FieldKey, previous: CacheValue, value: String)
        /// Redoing what `entry.undone`'s undo took back.
        case redo(RedoEntry)
    }

    /// The backend's id for the work (to cancel it, and to match its reports).
    package var id: Int
    /// `deleting 100,000 records`: what the progress line says it does.
    package var label: String
    package var kind: Kind
    /// How far it got, 0…1.
    package var fraction = 0.0
    /// Whether `Esc` asked it to stop (it says so once it has).
    package var cancelling = false
}
