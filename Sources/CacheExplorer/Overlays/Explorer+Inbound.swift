import GraphQLCache

/// `r`: who refers to the record, element by element, and landing where the reference is.
extension Explorer {
    /// Every place in every record that references the target (one scan, on demand, of the
    /// records the backend cannot rule out without decoding them, in the background over a big
    /// cache): a list holding the target twice is two rows, each with its element path
    /// (`squads[0][1]`).
    mutating func showInbound() {
        guard let target = state.targetKey else { return }
        runScan(.inbound(target)) { [backend] in
            var references: [InboundReference] = []
            try backend.forEachRecord(pointingAt: target) { record in
                references += Self.references(in: record, to: target)
            }
            // Stable: places within one record keep the record view's order.
            references = references.enumerated().sorted { a, b in
                a.element.record == b.element.record ? a.offset < b.offset : a.element.record < b.element.record
            }.map(\.element)
            return .inbound(InboundList(target: target, references: references))
        }
    }

    /// The places in `record` holding a reference to `target`, in the record view's order.
    static func references(in record: Record, to target: CacheKey) -> [InboundReference] {
        RecordRows.orderedEntries(record).flatMap { field, value -> [InboundReference] in
            guard value.referencedKeys.contains(target) else { return [] }
            return ValuePath.places(in: value, field: field, objects: false) { $0 == .reference(target) }
                .map { InboundReference(record: record.key, place: $0) }
        }
    }

    /// Enter on an inbound reference: the referrer, opened at the referring element.
    mutating func openInbound(_ reference: InboundReference) {
        open(reference.record)
        land(at: reference.place)
        state.focus = .record
    }
}
