extension StoredRows {
    /// Row `index`'s fields; nil when it is not a record (not JSON, not an object, NULL).
    package func fields(at index: Int, names: FieldNameTable? = nil) -> [String: CacheValue]? {
        withRow(index) { _, record in record.flatMap { try? RecordJSON.decode(buffer: $0, key: keys[index], names: names) } }
    }

    /// Row `index`'s field names, each once; nil when it is not a record. The text check names
    /// them without decoding the row where it vouches for it (nearly always), at a sixth of
    /// decoding; otherwise the row is decoded.
    ///
    /// Why: an undo that writes 100,000 rows back as they were needs of them only which fields
    /// each record has, for the change the watches hear; decoding them all took more time than
    /// SQLite's writing them, on the core that writing needs too.
    package func fieldNames(at index: Int) -> [String]? {
        withRow(index) { _, record in
            guard let record else { return nil }
            if let names = RecordTextCheck.fieldNames(record) { return names }
            return (try? RecordJSON.decode(buffer: record, key: keys[index])).map { Array($0.keys) }
        }
    }
}
