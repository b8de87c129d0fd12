import Foundation
import GraphQLCache

/// How log entries read: `#12  14:03:07  edit  ~ Human:1000`, and for an opened entry each
/// record (`+` added, `-` removed, `~` changed; `before not seen` when another process changed
/// a row nobody had read) and each field `name: "Luke" → "Luke S."`.
enum LogRows {
    /// The rows of `entry` at `position`, its diff beneath when `opened`.
    static func rows(_ entry: JournalEntry, position: Int, opened: Bool) -> [LogList.Row] {
        var rows = [LogList.Row(segments: headline(entry), position: position, key: nil, isEntry: true)]
        guard opened else { return rows }
        for delta in entry.records {
            let unseen: [LogList.Segment] = delta.beforeUnknown ? [.init("  before not seen", .textDim)] : []
            rows.append(LogList.Row(segments: [.init("   \(mark(delta.kind)) ", role(delta.kind)), .init(delta.key.rawValue, .valueReference)] + unseen,
                                    position: position, key: delta.key, isEntry: false))
            for field in delta.fields {
                rows.append(LogList.Row(segments: [.init("       \(field.field): ", .fieldName)] + change(field, beforeSeen: !delta.beforeUnknown),
                                        position: position, key: link(field), isEntry: false))
            }
        }
        return rows
    }

    /// The record a field's reference leads to (its value after, else before), so that Enter on
    /// the field follows it as a link.
    static func link(_ field: FieldDelta) -> CacheKey? {
        for value in [field.after, field.before] {
            if case .reference(let key)? = value { return key }
        }
        return nil
    }

    /// `#12  14:03:07  edit  3 changed: Human:1000, …`.
    static func headline(_ entry: JournalEntry) -> [LogList.Segment] {
        let keys = entry.records.prefix(3).map(\.key.rawValue).joined(separator: ", ") + (entry.records.count > 3 ? ", …" : "")
        return [
            .init("#\(entry.sequence)  ", .textDim), .init(clock(entry.time) + "  ", .textDim), .init(entry.origin, .helpKey),
            .init("  " + counts(entry.records) + ": ", .text), .init(keys, .valueReference),
        ]
    }

    /// `1 added, 2 changed` (kinds with none left out).
    static func counts(_ deltas: [RecordDelta]) -> String {
        let parts = RecordDelta.Kind.allCases.compactMap { kind -> String? in
            let count = deltas.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }

    /// `"Luke" → "Luke S."`, references as links; a side that did not exist is `(none)`, a
    /// before nobody saw (another process changed a row nobody had read) `(not seen)`.
    static func change(_ field: FieldDelta, beforeSeen: Bool = true) -> [LogList.Segment] {
        (beforeSeen ? side(field.before) : [.init("(not seen)", .textDim)]) + [.init(" → ", .textDim)] + side(field.after)
    }

    static func side(_ value: CacheValue?) -> [LogList.Segment] {
        guard let value else { return [.init("(none)", .textDim)] }
        if case .reference(let key) = value { return [.init(key.rawValue, .valueReference)] }
        return ValueText.segments(value, dangling: false, expanded: false).map { LogList.Segment($0.0, $0.1) }
    }

    static func mark(_ kind: RecordDelta.Kind) -> String {
        switch kind {
        case .added: return "+"
        case .removed: return "-"
        case .changed: return "~"
        }
    }

    static func role(_ kind: RecordDelta.Kind) -> StyleRole {
        switch kind {
        case .added: return .queryHit
        case .removed: return .queryMiss
        case .changed: return .diffChanged
        }
    }

    /// `14:03:07` in UTC, as the journal's times are.
    static func clock(_ time: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: time)
        return [parts.hour, parts.minute, parts.second].map { String(format: "%02d", $0 ?? 0) }.joined(separator: ":")
    }
}
