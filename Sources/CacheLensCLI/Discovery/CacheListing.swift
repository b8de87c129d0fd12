import Foundation
import GraphQLCache

/// How `cachelens caches` prints what it found: aligned text, one line a cache, or JSON.
enum CacheListing {
    /// The columns of one cache, without its number.
    static func columns(_ cache: FoundCache) -> [String] {
        let device = cache.booted && cache.source == .simulator ? cache.device.replacingLast(")", with: ", booted)") : cache.device
        // Names and paths come from the device's files: escaped for the terminal.
        return [TerminalText.escaped(device), TerminalText.escaped(cache.app), cache.format.displayName,
                "\(cache.records) records", size(cache.bytes), date(cache.modified), TerminalText.escaped(cache.file)]
    }

    /// One cache on one line (used in messages that list matches).
    static func line(_ cache: FoundCache) -> String { columns(cache).joined(separator: "  ") }

    /// The numbered, aligned table.
    static func text(_ found: [FoundCache]) -> String {
        let rows = found.enumerated().map { ["\($0.offset + 1)"] + columns($0.element) }
        guard let width = rows.first?.count else { return "" }
        let widths = (0..<width).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, text in
                column == width - 1 ? text : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// A JSON array, one object a cache, in list order.
    static func json(_ found: [FoundCache]) -> String {
        let objects: [[String: Any]] = found.enumerated().map { index, cache in
            var object: [String: Any] = [
                "number": index + 1, "source": cache.source.rawValue, "device": cache.device, "booted": cache.booted,
                "app": cache.app, "file": cache.file, "path": cache.path, "format": cache.format.rawValue,
                "formatName": cache.format.displayName, "records": cache.records, "bytes": cache.bytes,
                "modified": cache.modified.formatted(.iso8601),
            ]
            if let pull = cache.pull { object["androidSerial"] = pull.serial }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func size(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : bytes < 1 << 20 ? "\(bytes / 1024) KB" : String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }

    private static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}

private extension String {
    func replacingLast(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target, options: .backwards) else { return self + " " + replacement }
        return replacingCharacters(in: range, with: replacement)
    }
}
