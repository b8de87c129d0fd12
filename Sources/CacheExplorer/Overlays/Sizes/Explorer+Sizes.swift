import GraphQLCache

/// `:sizes`: one pass over the records groups them by typename (`SizeCensus`, as
/// `cachelens stats --by typename`); drilling into a group makes a second pass for its records.
extension Explorer {
    /// Records listed when drilling into a typename (the largest).
    static let sizesRecordLimit = 500

    mutating func showSizes() {
        do {
            var census = SizeCensus(grouping: .typename, largest: 0)
            try backend.forEachRecord { census.add($0, jsonBytes: RecordJSON.encode($0.fields).count) }
            let rows = census.groups.map { SizesList.Row(name: $0.name, records: $0.records, bytes: $0.bytes, key: nil) }
            guard !rows.isEmpty else { inform("sizes: the cache is empty"); return }
            state.mode = .sizes(SizesList(typename: nil, rows: rows, totalRecords: census.records, totalBytes: census.bytes))
        } catch {
            fail(error)
        }
    }

    /// The records of group `name` (typename, or a root's own name, or `(none)`), largest first.
    func sizeRows(of name: String) throws -> [SizesList.Row] {
        var rows: [SizesList.Row] = []
        try backend.forEachRecord { record in
            let group = record.typename ?? (record.key.isRoot ? record.key.rawValue : "(none)")
            guard group == name else { return }
            let bytes = record.key.rawValue.utf8.count + RecordJSON.encode(record.fields).count
            rows.append(SizesList.Row(name: record.key.rawValue, records: 1, bytes: bytes, key: record.key))
        }
        rows.sort { ($0.bytes, $1.name) > ($1.bytes, $0.name) }
        return Array(rows.prefix(Self.sizesRecordLimit))
    }

    /// Back from a typename's records to the typenames (the selection where it was); at the
    /// typenames, closes the overlay.
    mutating func sizesBack() {
        guard case .sizes(let list) = state.mode, list.typename != nil else { state.mode = .normal; return }
        showSizes()
        restoreGroupSelection(list.groupSelection)
    }

    /// Enter: a typename's records, largest first; on a record, the record.
    mutating func followSizesRow() {
        guard case .sizes(let list) = state.mode, list.rows.indices.contains(list.selected) else { return }
        let row = list.rows[list.selected]
        if let key = row.key { openFromOverlay(key); return }
        do {
            var drilled = SizesList(typename: row.name, rows: try sizeRows(of: row.name),
                                    totalRecords: list.totalRecords, totalBytes: list.totalBytes)
            drilled.groupSelection = list.selected
            state.mode = .sizes(drilled)
        } catch {
            fail(error)
        }
    }

    private mutating func restoreGroupSelection(_ selected: Int) {
        guard case .sizes(var groups) = state.mode else { return }
        groups.selected = min(selected, max(0, groups.rows.count - 1))
        state.mode = .sizes(groups)
    }
}
