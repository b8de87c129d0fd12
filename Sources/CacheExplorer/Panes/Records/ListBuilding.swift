import GraphQLCache

/// The record list's keys being built in the background (`ListKeysWork`): which build, for
/// which filter and order, and how far it got. The list shows the keys it had meanwhile (none
/// for a new filter) and the progress line says what runs.
package struct ListBuilding: Hashable, Sendable {
    /// What the keys are built for: they stand for the list while both are unchanged.
    package struct Source: Hashable, Sendable {
        package var filter: String
        package var order: ListOrder
    }

    /// How a build ended.
    package enum Outcome: Hashable, Sendable {
        case keys([CacheKey])
        case failed(String)
    }

    package var id: Int
    package var source: Source
    package var fraction = 0.0

    /// `filtering type:Item` or `sorting by size`, for the progress line.
    package var label: String {
        source.filter.isEmpty ? "sorting \(source.order.label)" : "filtering \(source.filter)"
    }
}
