import Foundation

/// A cache file as a torn copy leaves it: its `records` table's leaf pages in the wrong places,
/// so that walking the table in rowid order meets row ids going backwards. SQLite reads such a
/// file without complaint; only a scan that checks its row ids moves forward notices.
public enum TornFile {
    /// Writes an Apollo file of `rows` records (about 300 bytes each, a dozen to a page) at
    /// `path`, then swaps the first and last leaf pages of the table (the last two when
    /// `nearTheEnd`: a scan then meets the tear after reading most rows). Returns the number of rows.
    @discardableResult
    public static func make(at path: String, rows: Int = 240, nearTheEnd: Bool = false) throws -> Int {
        let filler = String(repeating: "x", count: 280)
        let records = (0..<rows).map { ("Item:\($0)", #"{"name":"\#(filler)"}"#) }
        try SQLiteTestFile.apolloFile(at: path, rows: records)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize: Int = Int(bytes[16]) * 256 + Int(bytes[17])
        var leaves: [Int] = []
        for start in stride(from: pageSize, to: bytes.count, by: pageSize) {
            // A table leaf page (0x0D) holding more than one cell: the records table's, not
            // `sqlite_sequence`'s one row.
            let cells: Int = Int(bytes[start + 3]) * 256 + Int(bytes[start + 4])
            if bytes[start] == 0x0D && cells > 1 { leaves.append(start) }
        }
        guard let first = nearTheEnd ? leaves.dropLast().last : leaves.first, let last = leaves.last, first != last else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let firstPage = Array(bytes[first..<first + pageSize])
        bytes.replaceSubrange(first..<first + pageSize, with: bytes[last..<last + pageSize])
        bytes.replaceSubrange(last..<last + pageSize, with: firstPage)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return rows
    }
}
