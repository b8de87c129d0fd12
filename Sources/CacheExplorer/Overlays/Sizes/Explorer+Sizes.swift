import GraphQLCache

/// `:sizes`: one pass over the records (`SizesScan`, in the background over a big cache)
/// groups them by typename, as `cachelens stats --by typename` does, and keeps each typename's
/// largest records, so that drilling into a typename and back reads nothing again.
extension Explorer {
    /// Records listed when drilling into a typename (the largest).
    static let sizesRecordLimit = 500

    mutating func showSizes() {
        runScan(.sizes) { [backend] in
            var scan = SizesScan(limit: Self.sizesRecordLimit)
            try backend.forEachRecord { scan.add($0) }
            guard let list = scan.list() else { return .sizes(nil) }
            return .sizes(list)
        }
    }

    /// The scan's typenames, or that there are none.
    mutating func showSizes(_ list: SizesList?) {
        guard let list else { inform("sizes: the cache is empty"); return }
        state.mode = .sizes(list)
    }

    /// Back from a typename's records to the typenames (the selection where it was); at the
    /// typenames, closes the overlay.
    mutating func sizesBack() {
        guard case .sizes(let list) = state.mode, list.typename != nil else { state.mode = .normal; return }
        state.mode = .sizes(list.showing(nil))
    }

    /// Enter: a typename's records, largest first; on a record, the record.
    mutating func followSizesRow() {
        guard case .sizes(let list) = state.mode, list.rows.indices.contains(list.selected) else { return }
        let row = list.rows[list.selected]
        if let key = row.key { openFromOverlay(key); return }
        state.mode = .sizes(list.showing(row.name))
    }
}
