import GraphQLCache

/// `:export FILE`: a snapshot of what the list shows. With a filter, only the records it lets
/// through are written, and the message says so (`exported 3 records (filter type:Human)`):
/// what a user sees is what they export. Without one, every record, and the data counts as
/// saved (quitting no longer asks) up to the changes made while it was written. Over a big
/// cache it is written in the background (`runScan`), as the other commands that read every
/// record are.
extension Explorer {
    /// Writes the snapshot; an existing file is only replaced by `:export!` (the message says so).
    mutating func export(to path: String, replacing: Bool) {
        guard !path.isEmpty else { fail(ExplorerError.invalid(":export needs a file")); return }
        if !replacing && environment.fileExists(path) {
            fail(ExplorerError.file(path: path, reason: "exists; :export! \(path) replaces it"))
            return
        }
        let filter = state.list.filter
        if !filter.isEmpty, let building = state.list.building {
            fail(ExplorerError.invalid("\(building.label) is still running: :export once the list shows it"))
            return
        }
        let listed = listKeys, unsaved = state.unsavedChanges
        runScan(.export(path)) { [backend, environment] in
            var records: [Record] = []
            var broken = BrokenRowSummary()
            if filter.isEmpty {
                try backend.forEachRecord { records.append($0) }
                backend.scanBrokenRows(waiting: true)
                broken = backend.brokenRows
            } else {
                (records, broken.brokenKeys) = try Self.filteredRecords(filter, listed: listed, backend: backend)
            }
            try environment.writeFile(path, Snapshot.encode(records))
            return .exported(Export(path: path, records: records.count, filter: filter, broken: broken, unsavedBefore: unsaved))
        }
    }

    /// What an export wrote, for its message.
    package struct Export: Hashable, Sendable {
        var path: String
        var records: Int
        var filter: String
        var broken: BrokenRowSummary
        /// The changes not saved when it began: those it saved, when it wrote every record.
        var unsavedBefore: Int
    }

    /// The export ended: the message, and the changes it saved.
    mutating func exported(_ export: Export) {
        if export.filter.isEmpty {
            state.unsavedChanges = max(0, state.unsavedChanges - export.unsavedBefore)
            state.brokenRows = export.broken
        }
        let count = "\(export.records) record\(export.records == 1 ? "" : "s")"
        let scope = export.filter.isEmpty ? "" : " (filter \(export.filter))"
        inform("exported \(count)\(scope) to \(export.path)" + Self.notExported(export.broken))
    }

    /// The records the filtered list shows (its keys as built, `listed`, or the filter's), and
    /// the broken rows among its keys.
    private static func filteredRecords(_ filter: String, listed: [CacheKey]?,
                                        backend: any RecordBrowsing) throws -> ([Record], [CacheKey]) {
        let keys: [CacheKey]
        if let listed {
            keys = listed
        } else {
            let count = try backend.keyCount(matching: filter)
            keys = try backend.keys(matching: filter, offset: 0, limit: count)
        }
        var records: [Record] = []
        var broken: [CacheKey] = []
        for start in stride(from: 0, to: keys.count, by: ListKeys.chunk) {
            let slice = keys[start..<min(start + ListKeys.chunk, keys.count)]
            let rows = try backend.loadStoredRecords(forKeys: Set(slice))
            for key in slice {
                switch rows[key] {
                case .record(let record)?: records.append(record)
                case .broken?: broken.append(key)
                case nil: break
                }
            }
        }
        return (records, broken)
    }
}
