import GraphQLCache

/// Fields two records of one object disagree on.
enum EntityComparison {
    /// Field keys both records hold with different values, sorted.
    static func differingFields(_ lhs: Record, _ rhs: Record) -> [String] {
        lhs.fields.compactMap { key, value in
            guard let other = rhs.fields[key], other != value else { return nil }
            return key
        }.sorted()
    }
}
