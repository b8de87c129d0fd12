import CacheDiagnostics
import Foundation
import GraphQLCache

/// `:sizes` drawn as ncdu draws a disk: name, records, bytes and a bar against the largest row.
extension Renderer {
    static let sizesBarWidth = 16

    mutating func drawSizes(_ list: SizesList) {
        let capacity = max(1, state.size.height - 6)
        let top = max(0, list.selected - capacity + 1)
        let largest = max(1, list.rows.map(\.bytes).max() ?? 1)
        var lines: [[(String, StyleRole)]] = []
        for (index, row) in list.rows.enumerated().dropFirst(top).prefix(capacity) {
            let filled = max(row.bytes > 0 ? 1 : 0, row.bytes * Self.sizesBarWidth / largest)
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.sizesBarWidth - filled)
            let count = row.key == nil ? "\(MissGroup.number(row.records)) rec  " : ""
            lines.append([(index == list.selected ? "› " : "  ", .text), (bar + " ", .diffChanged),
                          (Self.byteText(row.bytes).padding(toLength: 10, withPad: " ", startingAt: 0), .valueNumber),
                          (count, .textDim), (row.name, row.key == nil ? .keyTypename : .valueReference)])
        }
        let back = list.typename == nil ? "" : " · \(keyMap.keyName(.back)) typenames"
        lines.append([("\(keyMap.keyName(.follow)) \(list.typename == nil ? "lists its records" : "opens the record")\(back) · \(keyMap.keyName(.cancel)) closes", .textDim)])
        let scope = list.typename.map { "\($0): largest records" } ?? "sizes by typename"
        let title = "\(scope) · \(MissGroup.number(list.totalRecords)) records, \(Self.byteText(list.totalBytes))"
        let width = max(dialogWidth, min(state.size.width - 2, (lines.map { $0.reduce(0) { $0 + DisplayWidth.of($1.0) } }.max() ?? 0) + 4))
        let inner = dialog(title: title, lines: lines, width: width)
        if list.rows.indices.contains(list.selected) {
            grid.restyle(row: inner.row + list.selected - top, column: inner.column, width: inner.width, role: .listSelection)
        }
    }

    /// `812 B`, `14.2 KB`, `3.1 MB`.
    static func byteText(_ bytes: Int) -> String {
        if bytes < 1_024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(bytes) / 1_024
        var unit = 0
        while value >= 1_024, unit < units.count - 1 { value /= 1_024; unit += 1 }
        return "\((value * 10).rounded() / 10) \(units[unit])"
    }
}
