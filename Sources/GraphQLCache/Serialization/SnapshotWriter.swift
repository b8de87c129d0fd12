/// Writes a snapshot file's text record by record, handing the bytes to `sink` in chunks, so a
/// cache of any size is exported without holding its whole text in memory. The caller orders
/// the records. `Failure` is the sink's error (`Never` for a sink that cannot fail).
package struct SnapshotWriter<Failure: Error> {
    private var writer = JSONWriter(reservingCapacity: 1 << 16)
    private var count = 0
    private let chunkSize: Int
    private let sink: ([UInt8]) throws(Failure) -> Void

    /// A writer that passes its bytes to `sink` whenever about `chunkSize` bytes are ready.
    public init(chunkSize: Int = 1 << 20, sink: @escaping ([UInt8]) throws(Failure) -> Void) {
        self.chunkSize = chunkSize
        self.sink = sink
        writer.raw(UInt8(ascii: "{"))
    }

    /// How many records were appended.
    public var recordCount: Int { count }

    /// Appends one record on its own line.
    public mutating func append(_ record: Record) throws(Failure) {
        writer.raw(count == 0 ? "\n" : ",\n")
        writer.string(record.key.rawValue)
        writer.raw(UInt8(ascii: ":"))
        RecordJSON.write(record.fields, to: &writer)
        count += 1
        if writer.count >= chunkSize {
            let chunk = writer.bytes
            writer = JSONWriter(reservingCapacity: 1 << 16)
            try sink(chunk)
        }
    }

    /// Closes the object and hands over the last bytes. Call once, after the last record.
    public mutating func finish() throws(Failure) {
        writer.raw(count == 0 ? "}\n" : "\n}\n")
        let chunk = writer.bytes
        writer = JSONWriter()
        try sink(chunk)
    }
}
