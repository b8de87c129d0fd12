import Foundation

/// The text of journal lines (docs/JOURNAL.md): one JSON object per line whose first member,
/// `"kind"`, says what it is (`header`, `entry`, `gap`), so that a reader indexing a million
/// lines can tell them apart from their first bytes without parsing them.
public enum JournalCodec {
    /// The line's bytes, ending in a newline.
    public static func encode(_ line: JournalLine) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512)
        writer.value(.object(object(for: line)))
        writer.raw(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// Reads one line (without its newline); `number` (from 1) names it in errors.
    public static func decode<C: Collection>(_ bytes: C, number: Int) throws(GraphQLCacheError) -> JournalLine
    where C.Element == UInt8 {
        do throws(GraphQLCacheError) {
            let value = try JSONValue.parse(bytes: bytes)
            switch value["kind"]?.stringValue {
            case "header": return .header(try header(value))
            case "entry": return .entry(try entry(value, number: number))
            case "gap": return .gap(try gap(value))
            default: throw malformed("a journal line needs \"kind\": \"header\", \"entry\" or \"gap\"")
            }
        } catch {
            if case .journal = error { throw error }
            throw .journal(path: "", problem: .malformed(line: number, message: error.description))
        }
    }

    /// The `kind` of a line from its first bytes, as `encode` writes them; nil when the line does
    /// not start that way (it is then parsed to be sure).
    public static func kindPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for kind in ["entry", "gap", "header"] {
            let prefix = Array("{\"kind\":\"\(kind)\"".utf8)
            if bytes.count >= prefix.count, bytes.prefix(prefix.count).elementsEqual(prefix) { return kind }
        }
        return nil
    }

    private static func object(for line: JournalLine) -> JSONObject {
        switch line {
        case .header(let header):
            return ["kind": .string("header"), "journal": .int(header.version), "cache": .string(header.cache),
                    "time": .string(timeText(header.time)), "digest": .string(header.digest.description),
                    "records": .int(header.digest.rows)]
        case .entry(let entry):
            var object: JSONObject = ["kind": .string("entry"), "seq": .int(entry.sequence), "time": .string(timeText(entry.time)),
                                      "origin": .string(entry.origin), "records": .array(entry.records.map(\.jsonValue))]
            if let before = entry.digestBefore {
                object["before"] = .string(before.description)
                object["beforeRecords"] = .int(before.rows)
            }
            if let after = entry.digestAfter {
                object["after"] = .string(after.description)
                object["afterRecords"] = .int(after.rows)
            }
            return object
        case .gap(let gap):
            return ["kind": .string("gap"), "afterEntries": .int(gap.afterEntries), "time": .string(timeText(gap.time)),
                    "expected": .string(gap.expected.description), "expectedRecords": .int(gap.expected.rows),
                    "found": .string(gap.found.description), "foundRecords": .int(gap.found.rows)]
        }
    }

    private static func header(_ value: JSONValue) throws(GraphQLCacheError) -> JournalHeader {
        guard case .int(let version)? = value["journal"], case .string(let cache)? = value["cache"] else {
            throw malformed("a header needs \"journal\" and \"cache\"")
        }
        return JournalHeader(version: version, cache: cache, time: try time(value["time"]),
                             digest: try digest(value["digest"], rows: value["records"]))
    }

    private static func entry(_ value: JSONValue, number: Int) throws(GraphQLCacheError) -> JournalEntry {
        guard case .int(let sequence)? = value["seq"], case .string(let origin)? = value["origin"],
              case .array(let records)? = value["records"] else {
            throw malformed("an entry needs \"seq\", \"origin\" and \"records\"")
        }
        var deltas: [RecordDelta] = []
        for record in records { deltas.append(try RecordDelta(json: record, context: "line \(number)")) }
        return JournalEntry(sequence: sequence, time: try time(value["time"]), origin: origin, records: deltas,
                            digestBefore: try digest(value["before"], rows: value["beforeRecords"]),
                            digestAfter: try digest(value["after"], rows: value["afterRecords"]))
    }

    private static func gap(_ value: JSONValue) throws(GraphQLCacheError) -> JournalGap {
        guard case .int(let entries)? = value["afterEntries"] else { throw malformed("a gap needs \"afterEntries\"") }
        return JournalGap(afterEntries: entries, time: try time(value["time"]),
                          expected: try digest(value["expected"], rows: value["expectedRecords"]),
                          found: try digest(value["found"], rows: value["foundRecords"]))
    }

    private static func digest(_ text: JSONValue?, rows: JSONValue?) throws(GraphQLCacheError) -> CacheDigest {
        guard case .string(let hex)? = text, case .int(let count)? = rows, let digest = CacheDigest(hex: hex, rows: count) else {
            throw malformed("a digest is 16 hex digits with its record count")
        }
        return digest
    }

    private static func time(_ value: JSONValue?) throws(GraphQLCacheError) -> Date {
        guard case .string(let text)? = value, let date = formatter().date(from: text) else {
            throw malformed("\"time\" must be an ISO 8601 time")
        }
        return date
    }

    /// ISO 8601 in UTC with milliseconds (`2026-11-26T17:20:03.125Z`).
    public static func timeText(_ date: Date) -> String { formatter().string(from: date) }

    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    private static func malformed(_ message: String) -> GraphQLCacheError {
        .invalidJSON(JSONSyntaxError(unplaced: message))
    }
}
