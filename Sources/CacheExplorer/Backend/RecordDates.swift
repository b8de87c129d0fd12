import Foundation
import GraphQLCache

/// When a record was last written and last received from a server, for the formats that keep
/// it: Apollo Kotlin's normalized cache 1.0 stores `updated_date` per row and an
/// `apollo-received-date` per field. Apollo iOS's and Apollo Client's formats keep no dates.
package struct RecordDates: Hashable, Sendable {
    package var updated: Date?
    package var received: Date?

    package init(updated: Date? = nil, received: Date? = nil) {
        self.updated = updated
        self.received = received
    }

    /// `updated 2026-11-20T14:02:11Z · received 2026-11-20T14:02:10Z`, or nil with no date:
    /// ISO 8601 in UTC, as `stats` prints them, so a file reads the same on every machine.
    package var text: String? {
        let parts = [updated.map { "updated \(Self.format($0))" }, received.map { "received \(Self.format($0))" }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    static func format(_ date: Date) -> String { date.formatted(.iso8601) }
}

extension StoreBackend {
    package func dates(of key: CacheKey) -> RecordDates? { recordDates[key] }
}
