import GraphQLCache

/// `:export FILE`: a snapshot of what the list shows. With a filter, only the records it lets
/// through are written, and the message says so (`exported 3 records (filter type:Human)`):
/// what a user sees is what they export. Without one, every record, and the data counts as
/// saved (quitting no longer asks).
extension Explorer {
    /// Writes the snapshot; an existing file is only replaced by `:export!` (the message says so).
    mutating func export(to path: String, replacing: Bool) {
        guard !path.isEmpty else { fail(ExplorerError.invalid(":export needs a file")); return }
        if !replacing && environment.fileExists(path) {
            fail(ExplorerError.file(path: path, reason: "exists; :export! \(path) replaces it"))
            return
        }
        let filter = state.list.filter
        do {
            var records: [Record] = []
            var broken = BrokenRowSummary()
            if filter.isEmpty {
                try backend.forEachRecord { records.append($0) }
                backend.scanBrokenRows(waiting: true)
                state.brokenRows = backend.brokenRows
                broken = state.brokenRows
            } else {
                (records, broken.brokenKeys) = try filteredRecords()
            }
            try environment.writeFile(path, Snapshot.encode(records))
            if filter.isEmpty { state.unsavedChanges = 0 }
            let count = "\(records.count) record\(records.count == 1 ? "" : "s")"
            let scope = filter.isEmpty ? "" : " (filter \(filter))"
            inform("exported \(count)\(scope) to \(path)" + Self.notExported(broken))
        } catch {
            fail(error)
        }
    }

    /// The records the filtered list shows, and the broken rows among its keys.
    private mutating func filteredRecords() throws -> ([Record], [CacheKey]) {
        let keys: [CacheKey]
        if let building = state.list.building {
            throw ExplorerError.invalid("\(building.label) is still running: :export once the list shows it")
        }
        if let listed = listKeys {
            keys = listed
        } else {
            let count = try backend.keyCount(matching: state.list.filter)
            keys = try backend.keys(matching: state.list.filter, offset: 0, limit: count)
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
