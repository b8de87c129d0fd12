import GraphQLCache

/// Who points at a record: every place (a field, or an element inside its lists and objects)
/// holding a reference to it, each one a row `QUERY_ROOT . squads[0][1]` that opens the
/// referrer at that element.
package struct InboundList: Hashable, Sendable {
    package var target: CacheKey
    package var references: [InboundReference]
    package var selected: Int

    package init(target: CacheKey, references: [InboundReference], selected: Int = 0) {
        self.target = target
        self.references = references
        self.selected = selected
    }
}

/// One place that refers to the target: the record and where in it.
package struct InboundReference: Hashable, Sendable {
    package var record: CacheKey
    package var place: ValuePath

    package init(record: CacheKey, place: ValuePath) {
        self.record = record
        self.place = place
    }
}
