import GraphQLCache

/// `:gc`: records no root reaches (the library's `RecordReachability`, what
/// `CacheStore.removeUnreachableRecords()` removes) are listed with their count, then deleted on
/// confirmation through the explorer's own removal, so the deletion is undoable.
extension Explorer {
    mutating func previewGarbage() {
        runScan(.garbage) { [backend] in .garbage(try backend.unreachableKeys()) }
    }

    /// The scan's unreachable records, to confirm deleting them, or that there are none.
    mutating func previewGarbage(_ unreachable: [CacheKey]) {
        guard !unreachable.isEmpty else { inform("every record is reachable from a root"); return }
        state.mode = .confirm(.garbage(unreachable))
    }
}
